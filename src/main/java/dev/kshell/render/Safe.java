package dev.kshell.render;

/**
 * Escapes text that someone outside kshell chose (group, client and transactional ids, hosts) before a terminal
 * sees it (docs/architecture.md, "Strings from outside reach the terminal escaped"). Kafka accepts any character in
 * a group id, escape sequences included: printed raw, {@code h2<ESC>[2J<ESC>]0;pwned<BEL>grp} would clear the
 * operator's screen and retitle the window. C0 controls, DEL and C1 controls become {@code \xNN}; zero-width and
 * bidirectional format characters (which reorder or hide what follows) and the BOM become a backslash, {@code u} and four hex digits; a
 * backslash is left as it is. JSON output never goes through here (Jackson escapes what JSON must).
 */
public final class Safe {

    private Safe() {
    }

    /** {@code text} with every control and format character escaped; null stays null. */
    public static String text(String text) {
        if (text == null) {
            return null;
        }
        StringBuilder out = null;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            String escaped = escape(c);
            if (escaped != null && out == null) {
                out = new StringBuilder(text.length() + 16).append(text, 0, i);
            }
            if (out != null) {
                out.append(escaped != null ? escaped : String.valueOf(c));
            }
        }
        return out == null ? text : out.toString();
    }

    private static String escape(char c) {
        if (c < 0x20 || c == 0x7f || (c >= 0x80 && c <= 0x9f)) {
            return String.format("\\x%02x", (int) c);
        }
        if ((c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)
                || c == 0xfeff) {
            return String.format("\\u%04x", (int) c);
        }
        return null;
    }
}
