package dev.kshell.connection;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/** Checks and normalises a comma-separated {@code host:port} list, as Kafka's bootstrap options take it. */
final class BootstrapList {

    // host or [ipv6], then a port. Kafka also tolerates a "PLAINTEXT://" style prefix, so do we.
    private static final Pattern ENTRY =
            Pattern.compile("(?:[A-Za-z][A-Za-z0-9_]*://)?(?:\\[[0-9A-Fa-f:.%]+]|[A-Za-z0-9._\\-]+):(\\d{1,5})");

    private BootstrapList() {
    }

    /** The entries joined by commas with blanks removed, or null when the list has no entry. */
    static String normalise(String list) {
        if (list == null) {
            return null;
        }
        List<String> parts = new ArrayList<>();
        for (String part : list.split(",")) {
            if (!part.isBlank()) {
                parts.add(part.trim());
            }
        }
        return parts.isEmpty() ? null : String.join(",", parts);
    }

    /** Null when every entry is host:port with a port in 1..65535, else what is wrong with the first bad one. */
    static String problem(String normalised) {
        if (normalised == null) {
            return "is empty; give host:port[,host:port...]";
        }
        for (String entry : normalised.split(",")) {
            var m = ENTRY.matcher(entry);
            if (!m.matches()) {
                return "entry '" + entry + "' is not host:port";
            }
            int port = Integer.parseInt(m.group(1));
            if (port < 1 || port > 65535) {
                return "entry '" + entry + "' has port " + port + ", outside 1..65535";
            }
        }
        return null;
    }
}
