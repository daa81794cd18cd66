package dev.kshell.rules.lint;

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
        CommaList.Parsed<ListenerEndpoint> parsed = CommaList.parse(value, ListenerEndpoint::entry);
        return new ParsedListeners(parsed.entries(), parsed.malformed());
    }

    /** One entry, NAME://host:port with a port Kafka accepts, or null. */
    private static ListenerEndpoint entry(String raw) {
        Matcher m = URI.matcher(raw);
        if (!m.matches()) {
            return null;
        }
        int port;
        try {
            port = Integer.parseInt(m.group(3));
        } catch (NumberFormatException e) {
            return null;
        }
        if (port < 0 || port > 65535) {
            return null;
        }
        return new ListenerEndpoint(m.group(1).toUpperCase(Locale.ROOT), m.group(2), port, raw);
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
