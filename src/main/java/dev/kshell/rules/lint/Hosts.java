package dev.kshell.rules.lint;

import java.util.Locale;

/** Host-name normalisation for comparing endpoints written by hand in different files. */
final class Hosts {

    private Hosts() {
    }

    static boolean isWildcard(String host) {
        return host == null || host.isEmpty() || host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]");
    }

    /** Lower-cased, loopback spellings folded to "localhost", brackets dropped. */
    static String normalise(String host) {
        String h = host == null ? "" : host.trim().toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("127.0.0.1") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return "localhost";
        }
        return h;
    }
}
