package dev.kshell.grammar;

import org.jline.reader.Parser;
import org.jline.reader.SyntaxError;
import org.jline.reader.impl.DefaultParser;

import java.util.List;
import java.util.Locale;
import java.util.ArrayList;

/**
 * The one tokenizer and quoter of kshell: the REPL's line editor, one-shot mode, runbooks and completion all split
 * lines with {@link #lineEditorParser()}'s rules (JLine's {@link DefaultParser}: {@code '} and {@code "} group words
 * and are removed, {@code \} escapes the next character; an unclosed quote or a trailing {@code \} is an error, never
 * a request for more input), and {@link #join} quotes words so that they read back unchanged.
 */
public final class Tokenizer {

    /**
     * The one rule for what separates words: Java's white space ({@link Character#isWhitespace}: ASCII blanks and
     * Unicode's separators such as U+2003, U+3000, U+2028), used by the parser, by {@link #spans} and by
     * {@link #quote}. (Quoting once looked only for ASCII white space while the parser split on all of it, so a
     * value holding U+2003 was joined unquoted and split again: {@code text=X\u2003--output\u2003json} became an
     * option.)
     */
    public static boolean isSeparator(char c) {
        return Character.isWhitespace(c);
    }

    private Tokenizer() {
    }

    /**
     * The JLine parser with kshell's rules. The REPL hands it to its LineReader, so the words completion sees are
     * the words the executor will see. A new one per call: DefaultParser is not documented as thread-safe.
     */
    public static DefaultParser lineEditorParser() {
        DefaultParser parser = new DefaultParser() {
            @Override
            public boolean isDelimiterChar(CharSequence buffer, int pos) {
                return isSeparator(buffer.charAt(pos));
            }
        };
        parser.setEofOnUnclosedQuote(true);
        parser.setEofOnEscapedNewLine(true);
        return parser;
    }

    /**
     * The words of a line, quotes removed. Empty words ({@code ""}) are kept: a runbook's {@code param x = ""}
     * means the empty value; the command parser drops them as a shell drops empty unquoted expansions.
     *
     * @throws GrammarException "unbalanced quote" (or JLine's own syntax message)
     */
    public static List<String> words(String line) {
        try {
            return List.copyOf(lineEditorParser().parse(line, line.length(), Parser.ParseContext.ACCEPT_LINE).words()
                    .stream().filter(w -> w != null).toList());
        } catch (SyntaxError e) {
            String msg = e.getMessage() == null ? "syntax error" : e.getMessage().toLowerCase(Locale.ROOT);
            throw new GrammarException(msg.startsWith("missing closing quote") ? "unbalanced quote"
                    : msg.startsWith("escaped new line") ? "the line ends with an escape (\\)" : msg);
        } catch (RuntimeException e) {
            throw new GrammarException("cannot split the line: " + e.getMessage());
        }
    }

    /**
     * Quotes one word so that {@link #words} reads it back unchanged. Only what JLine's parser gives a meaning
     * needs quotes ({@code topics --pattern ord.*} stays as typed); the rest is left as the operator wrote it.
     */
    public static String quote(String word) {
        if (!word.isEmpty() && !needsQuotes(word)) {
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

    // What the parser gives a meaning: a separator, its quotes and its escape character.
    private static boolean needsQuotes(String word) {
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (isSeparator(c) || c == '"' || c == '\'' || c == '\\') {
                return true;
            }
        }
        return false;
    }

    /** The words joined into a line that tokenises back to the same words (display, audit, transcripts). */
    public static String join(List<String> words) {
        StringBuilder sb = new StringBuilder();
        for (String w : words) {
            if (!sb.isEmpty()) {
                sb.append(' ');
            }
            sb.append(quote(w));
        }
        return sb.toString();
    }
    /**
     * Where a word starts and ends in the raw line ({@code end} exclusive, quotes and escapes included), for code
     * that must keep the text around words as written (a runbook's comments and its SpEL expressions).
     */
    public record Span(int start, int end, String raw) {
    }

    /**
     * The raw spans of {@link #words}' words, by the same rules ({@code '} and {@code "} group, {@code \} escapes the
     * next character, white space separates). Never throws: an unclosed quote or a trailing escape runs to the end
     * of the line ({@link #words} reports it).
     */
    public static List<Span> spans(String line) {
        List<Span> out = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && isSeparator(line.charAt(i))) {
                i++;
            }
            if (i >= n) {
                break;
            }
            int start = i;
            char quote = 0;
            while (i < n) {
                char c = line.charAt(i);
                if (c == '\\') {
                    i = Math.min(n, i + 2);
                    continue;
                }
                if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    }
                } else if (c == '"' || c == '\'') {
                    quote = c;
                } else if (isSeparator(c)) {
                    break;
                }
                i++;
            }
            out.add(new Span(start, i, line.substring(start, i)));
        }
        return out;
    }
}
