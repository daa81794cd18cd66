package dev.kshell.runbook;

import java.util.List;
import java.util.regex.Pattern;

import org.jline.reader.ParsedLine;
import org.jline.reader.Parser;
import org.jline.reader.SyntaxError;
import org.jline.reader.impl.DefaultParser;

/**
 * Splits one logical runbook line into words with JLine's {@link DefaultParser}, the parser the REPL uses, so a step
 * means what it would mean typed at the prompt: quotes group words and are removed, backslash escapes.
 */
final class LineTokenizer {

    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_./:=,@%+^~-]+");

    private LineTokenizer() {
    }

    /** Thrown for an unbalanced quote (JLine's EOFError) or another JLine syntax error. */
    static final class TokenizeException extends Exception {
        TokenizeException(String message) {
            super(message);
        }
    }

    static List<String> words(String line) throws TokenizeException {
        // A new parser per call: DefaultParser is cheap and not documented as thread-safe.
        DefaultParser parser = new DefaultParser();
        parser.setEofOnUnclosedQuote(true);
        parser.setEofOnEscapedNewLine(true);
        try {
            ParsedLine parsed = parser.parse(line, line.length(), Parser.ParseContext.ACCEPT_LINE);
            return List.copyOf(parsed.words().stream().filter(w -> w != null).toList());
        } catch (SyntaxError e) {
            String msg = e.getMessage() == null ? "syntax error" : e.getMessage();
            throw new TokenizeException(msg.toLowerCase(java.util.Locale.ROOT).startsWith("missing closing quote")
                    ? "unbalanced quote" : msg);
        } catch (RuntimeException e) {
            throw new TokenizeException("cannot split the line: " + e.getMessage());
        }
    }

    /** Quotes one word so that {@link #words} reads it back unchanged. */
    static String quote(String word) {
        if (!word.isEmpty() && PLAIN.matcher(word).matches()) {
            return word;
        }
        StringBuilder sb = new StringBuilder(word.length() + 2).append('"');
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\');
            }
            sb.append(c);
        }
        return sb.append('"').toString();
    }

    /** The words joined into a command line that tokenises back to the same words. */
    static String join(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(quote(w));
        }
        return sb.toString();
    }
}
