package dev.kshell.runbook;

import dev.kshell.grammar.Tokenizer;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A runbook's physical lines into logical lines: comments removed, {@code \} continuations joined. Words are found
 * with the shell's one tokenizer ({@link Tokenizer#spans}), so a {@code #} inside quotes is never a comment.
 */
final class RunbookLines {

    private static final Pattern DEFINITION = Pattern.compile("([^\\s=]+)\\s*(?:=\\s*(.*))?", Pattern.DOTALL);

    private RunbookLines() {
    }

    /** A logical line: comments removed, continuations joined; {@code line} is its first physical line. */
    record LogicalLine(int line, String text) {
    }

    /** The first word of a line and the raw text after it (stripped; empty when there is none). */
    record Head(String keyword, String rest) {
    }

    static Head head(String text) {
        List<Tokenizer.Span> spans = Tokenizer.spans(text);
        if (spans.isEmpty()) {
            return new Head("", "");
        }
        String rest = spans.size() > 1 ? text.substring(spans.get(1).start()).strip() : "";
        return new Head(spans.get(0).raw(), rest);
    }

    /** {@code NAME [= VALUE]} of a param or set line. */
    static Matcher definition(String rest) {
        return DEFINITION.matcher(rest);
    }

    static List<LogicalLine> read(String text, ParseState st) {
        String[] physical = text.split("\r\n|\r|\n", -1);
        int count = physical.length;
        if (count > 0 && physical[count - 1].isEmpty()) {
            count--; // the "line" after the file's final newline
        }
        List<LogicalLine> out = new ArrayList<>();
        StringBuilder pending = null;
        int start = 0;
        for (int i = 0; i < count; i++) {
            String stripped = stripComment(physical[i]).stripTrailing();
            boolean continues = endsWithOddBackslashes(stripped);
            if (continues) {
                stripped = stripped.substring(0, stripped.length() - 1);
            }
            if (pending == null) {
                pending = new StringBuilder(stripped);
                start = i + 1;
            } else {
                pending.append(' ').append(stripped.strip());
            }
            if (!continues) {
                if (!pending.toString().isBlank()) {
                    out.add(new LogicalLine(start, pending.toString().strip()));
                }
                pending = null;
            }
        }
        if (pending != null) {
            st.error(start, "the line continues (\\) past the end of the file");
        }
        return out;
    }

    /**
     * Removes a comment: a word that starts with {@code #} at the start of the line, or a {@code #} standing alone
     * as a word ({@code # note}), so SpEL's {@code #root} and {@code #this} and quoted text survive.
     */
    static String stripComment(String line) {
        List<Tokenizer.Span> spans = Tokenizer.spans(line);
        for (int i = 0; i < spans.size(); i++) {
            String raw = spans.get(i).raw();
            if (raw.equals("#") || (i == 0 && raw.startsWith("#"))) {
                return line.substring(0, spans.get(i).start());
            }
        }
        return line;
    }

    private static boolean endsWithOddBackslashes(String s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    /** The name a {@code param} or {@code set} line defines, or "" for any other line. */
    static String definedName(String text) {
        Head head = head(text);
        if (!head.rest().isEmpty() && (head.keyword().equals("param") || head.keyword().equals("set"))) {
            Matcher m = definition(head.rest());
            if (m.matches()) {
                return m.group(1);
            }
        }
        return "";
    }
}
