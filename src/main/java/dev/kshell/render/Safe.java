package dev.kshell.render;

import java.util.Locale;

/**
 * Strings from outside (group, client and transactional ids, hosts, racks, topic names, config values, file contents,
 * the command line) made harmless before a terminal sees them: a tenant who names a group {@code <ESC>[2J} must not
 * erase the lines an operator reads during an incident, retitle the window (OSC), ring the bell or reverse the text
 * (bidi overrides). C0 controls are shown as {@code \x1b} ({@code \n}, {@code \t}, {@code \r} by name), DEL, C1 and
 * Unicode's format and separator characters as {@code &#92;u202e}. Pure; a string with nothing to escape is returned as
 * it is, so the common case costs one scan.
 *
 * <p>The {@code &#92;u} form is also a valid JSON escape of the same character, so {@link #terminal} may run over JSON
 * output without changing what it decodes to (Jackson already escapes C0 inside JSON strings).
 */
public final class Safe {

    private Safe() {
    }

    /** For a table cell or any one-line value: every control and format character escaped, line breaks included. */
    public static String text(String s) {
        return escape(s, false, false);
    }

    /** For kshell's own prose that quotes outside strings: as {@link #text}, but newlines and tabs are kept. */
    public static String prose(String s) {
        return escape(s, true, false);
    }

    /**
     * The last line of defence before the terminal (cli.Output's writers): as {@link #prose}, and a carriage return
     * and kshell's own CSI sequences (colours {@code ESC[...m}, erase {@code ESC[K} / {@code ESC[J} / {@code ESC[2J},
     * home {@code ESC[H}: the progress line and {@code watch}) pass; every other escape sequence, OSC and BEL
     * included, is shown escaped. What a renderer escaped already is unchanged.
     */
    public static String terminal(String s) {
        return escape(s, true, true);
    }

    private static String escape(String s, boolean keepLines, boolean ownSequences) {
        if (s == null) {
            return null;
        }
        int first = firstHarmful(s, keepLines, ownSequences);
        if (first < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length() + 16).append(s, 0, first);
        int i = first;
        while (i < s.length()) {
            int own = ownSequences ? ownSequenceEnd(s, i) : -1;
            if (own > 0) {
                out.append(s, i, own);
                i = own;
                continue;
            }
            int cp = s.codePointAt(i);
            if (harmful(cp, keepLines, ownSequences)) {
                out.append(shown(cp));
            } else {
                out.appendCodePoint(cp);
            }
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    private static int firstHarmful(String s, boolean keepLines, boolean ownSequences) {
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            if (harmful(cp, keepLines, ownSequences)) {
                int own = ownSequences ? ownSequenceEnd(s, i) : -1;
                if (own < 0) {
                    return i;
                }
                i = own;
                continue;
            }
            i += Character.charCount(cp);
        }
        return -1;
    }

    /** True for what must not reach a terminal raw. */
    static boolean harmful(int cp, boolean keepLines, boolean keepReturn) {
        if (cp < 0x20) {
            return !(keepLines && (cp == '\n' || cp == '\t') || keepReturn && cp == '\r');
        }
        if (cp < 0x7f) {
            return false;
        }
        if (cp <= 0x9f) {
            return true; // DEL and C1 (0x9b is a one-byte CSI on some terminals)
        }
        if (cp < 0xad) {
            return false;
        }
        int type = Character.getType(cp);
        return type == Character.FORMAT || type == Character.LINE_SEPARATOR
                || type == Character.PARAGRAPH_SEPARATOR;
    }

    /** The end of one of kshell's own CSI sequences starting at {@code i}, or -1 when none starts there. */
    private static int ownSequenceEnd(String s, int i) {
        if (s.charAt(i) != 0x1b || i + 1 >= s.length() || s.charAt(i + 1) != '[') {
            return -1;
        }
        int j = i + 2;
        while (j < s.length() && (Character.isDigit(s.charAt(j)) || s.charAt(j) == ';') && j - i < 16) {
            j++;
        }
        if (j >= s.length()) {
            return -1;
        }
        char fin = s.charAt(j);
        return fin == 'm' || fin == 'K' || fin == 'J' || fin == 'H' ? j + 1 : -1;
    }

    private static String shown(int cp) {
        return switch (cp) {
            case '\n' -> "\\n";
            case '\t' -> "\\t";
            case '\r' -> "\\r";
            default -> cp < 0x20 ? String.format(Locale.ROOT, "\\x%02x", cp)
                    : cp <= 0xffff ? String.format(Locale.ROOT, "\\u%04x", cp)
                    : String.format(Locale.ROOT, "\\u%04x\\u%04x", (int) Character.highSurrogate(cp),
                    (int) Character.lowSurrogate(cp)); // as JSON spells it
        };
    }
}
