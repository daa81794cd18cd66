package dev.kshell.rules.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entry of {@code listeners} or {@code advertised.listeners}: {@code NAME://host:port}.
 *
 * @param name the listener name, upper-cased as Kafka normalises it
 * @param host the host as written, without IPv6 brackets; empty for "all interfaces"
 * @param port the port (0 = ephemeral)
 * @param raw  the entry as written, trimmed
 */
public record ListenerEndpoint(String name, String host, int port, String raw) {

    // Kafka's own listener pattern (SocketServerConfigs / Endpoint parsing), host optionally in [brackets].
    private static final Pattern URI = Pattern.compile("^([^:/\\s]+)://\\[?([0-9a-zA-Z\\-%._:]*)\\]?:(-?[0-9]+)$");

    /** Result of parsing a comma-separated listener list: the endpoints that parsed and the entries that did not. */
    public record ParsedListeners(List<ListenerEndpoint> endpoints, List<String> malformed) {
    }

    public static ParsedListeners parseList(String value) {
        List<ListenerEndpoint> endpoints = new ArrayList<>();
        List<String> malformed = new ArrayList<>();
        if (value == null) {
            return new ParsedListeners(endpoints, malformed);
        }
        for (String part : value.split(",")) {
            String raw = part.trim();
            if (raw.isEmpty()) {
                continue;
            }
            Matcher m = URI.matcher(raw);
            if (!m.matches()) {
                malformed.add(raw);
                continue;
            }
            int port;
            try {
                port = Integer.parseInt(m.group(3));
            } catch (NumberFormatException e) {
                malformed.add(raw);
                continue;
            }
            if (port < 0 || port > 65535) {
                malformed.add(raw);
                continue;
            }
            endpoints.add(new ListenerEndpoint(m.group(1).toUpperCase(Locale.ROOT), m.group(2), port, raw));
        }
        return new ParsedListeners(endpoints, malformed);
    }

    /** True when the host means "every interface" (empty, 0.0.0.0 or ::). */
    public boolean wildcardHost() {
        return Hosts.isWildcard(host);
    }

    /** This entry with another port, written the way it was written ({@code raw} keeps the user's host form). */
    public String withPort(int newPort) {
        int colon = raw.lastIndexOf(':');
        return raw.substring(0, colon + 1) + newPort;
    }
}
