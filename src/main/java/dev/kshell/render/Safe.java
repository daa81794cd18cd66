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
     * What every command's writer does (cli.CommandLineExecutor): as {@link #prose}, but kshell's own control
     * sequences ({@link #own}) pass still marked, for the terminal's writer to unmark; every other escape sequence,
     * carriage return, OSC and BEL included, is shown escaped, wherever it came from. What a renderer escaped
     * already is unchanged, and a line may pass here more than once (a runbook step, a {@code watch} screen).
     */
    public static String keepingOwn(String s) {
        return escape(s, true, true);
    }

    /**
     * The last step before a real terminal (the REPL's and the one-shot runner's writers, the prompt): as
     * {@link #keepingOwn}, and kshell's own sequences lose their mark and take effect.
     */
    public static String terminal(String s) {
        return unmark(keepingOwn(s));
    }

    /**
     * One of kshell's own control sequences (a colour, the progress line's {@code \r} and erase, {@code watch}'s
     * and {@code clear}'s home and erase), marked with this process's token: only a sequence so marked reaches the
     * terminal as a sequence. The token is a run of private-use characters drawn at random when kshell starts, so
     * that a name a client chose cannot carry it.
     */
    public static String own(String sequence) {
        return OWN + sequence;
    }

    /** {@code s} with kshell's own sequences taking effect (their mark removed). */
    public static String unmark(String s) {
        return s.indexOf(OWN.charAt(0)) < 0 ? s : s.replace(OWN, "");
    }

    /** {@code s} without kshell's own sequences at all (a transcript, a log: plain text). */
    public static String plain(String s) {
        if (s.indexOf(OWN.charAt(0)) < 0) {
            return s;
        }
        StringBuilder out = new StringBuilder(s.length());
        int i = 0;
        while (i < s.length()) {
            int end = s.startsWith(OWN, i) ? ownSequenceEnd(s, i + OWN.length()) : -1;
            if (end > 0) {
                i = end;
            } else {
                out.append(s.charAt(i++));
            }
        }
        return out.toString();
    }

    /** The columns {@code s} takes on a terminal: its length without kshell's own sequences. */
    public static int visibleLength(String s) {
        return s.indexOf(OWN.charAt(0)) < 0 ? s.length() : plain(s).length();
    }

    /** This process's token (see {@link #own}): six private-use characters. */
    private static final String OWN = token();

    private static String token() {
        java.util.concurrent.ThreadLocalRandom random = java.util.concurrent.ThreadLocalRandom.current();
        StringBuilder t = new StringBuilder(6);
        for (int i = 0; i < 6; i++) {
            t.append((char) (0xE000 + random.nextInt(0x1900)));
        }
        return t.toString();
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
            int own = ownSequences && s.startsWith(OWN, i) ? ownSequenceEnd(s, i + OWN.length()) : -1;
            if (own > 0) {
                out.append(s, i, own);
                i = own;
                continue;
            }
            int cp = s.codePointAt(i);
            if (harmful(cp, keepLines, false)) {
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
            int own = ownSequences && s.startsWith(OWN, i) ? ownSequenceEnd(s, i + OWN.length()) : -1;
            if (own > 0) {
                i = own;
                continue;
            }
            int cp = s.codePointAt(i);
            if (harmful(cp, keepLines, false)) {
                return i;
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

    /**
     * The end of the sequence a token marks, starting at {@code i}: a carriage return, or a CSI sequence; -1 when
     * none starts there (the token alone is shown as it is: harmless).
     */
    private static int ownSequenceEnd(String s, int i) {
        if (i < s.length() && s.charAt(i) == '\r') {
            return i + 1;
        }
        if (i + 1 >= s.length() || s.charAt(i) != 0x1b || s.charAt(i + 1) != '[') {
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
        return fin >= '@' && fin <= '~' ? j + 1 : -1;
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
