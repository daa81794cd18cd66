package dev.kshell.rules.radar;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A broker's listeners as its configs name them: {@code advertised.listeners} (what clients are told; Kafka falls
 * back to {@code listeners} when it is not set) with each name's security protocol from
 * {@code listener.security.protocol.map}.
 */
public final class Listeners {

    private Listeners() {
    }

    /**
     * One listener.
     *
     * @param name     its name ("PLAINTEXT", "EXTERNAL")
     * @param host     the host clients are told (empty: the broker's canonical host name, which kshell cannot know)
     * @param port     the port
     * @param protocol PLAINTEXT, SSL, SASL_PLAINTEXT or SASL_SSL; null when the map does not name it
     */
    public record Listener(String name, String host, int port, String protocol) {

        public String endpoint() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }

        /** SSL and SASL_SSL listeners present a certificate. */
        public boolean tls() {
            return protocol != null && protocol.endsWith("SSL");
        }
    }

    /**
     * The listeners of {@code listeners} ("NAME://host:port,..."), each with its protocol from {@code protocolMap}
     * ("NAME:PROTOCOL,..."); a name absent from the map that is itself a protocol's name speaks that protocol (as
     * Kafka reads it). Entries that are not NAME://host:port are left out.
     */
    public static List<Listener> parse(String listeners, String protocolMap) {
        Map<String, String> protocols = protocols(protocolMap);
        List<Listener> out = new ArrayList<>();
        if (listeners == null || listeners.isBlank()) {
            return out;
        }
        for (String entry : listeners.split(",")) {
            String e = entry.strip();
            int sep = e.indexOf("://");
            int colon = e.lastIndexOf(':');
            if (sep <= 0 || colon <= sep + 2) {
                continue;
            }
            String name = e.substring(0, sep).toUpperCase(Locale.ROOT);
            String host = e.substring(sep + 3, colon);
            if (host.startsWith("[") && host.endsWith("]")) {
                host = host.substring(1, host.length() - 1);
            }
            try {
                out.add(new Listener(name, host, Integer.parseInt(e.substring(colon + 1)), protocols.getOrDefault(name,
                        isProtocol(name) ? name : null)));
            } catch (NumberFormatException ignored) {
                // not a port: left out, as Kafka would refuse it
            }
        }
        return out;
    }

    /** "CONTROLLER:PLAINTEXT,EXTERNAL:SSL" as a map from listener name to protocol. */
    public static Map<String, String> protocols(String protocolMap) {
        Map<String, String> out = new HashMap<>();
        if (protocolMap == null) {
            return out;
        }
        for (String pair : protocolMap.split(",")) {
            int colon = pair.indexOf(':');
            if (colon > 0) {
                out.put(pair.substring(0, colon).strip().toUpperCase(Locale.ROOT),
                        pair.substring(colon + 1).strip().toUpperCase(Locale.ROOT));
            }
        }
        return out;
    }

    private static boolean isProtocol(String name) {
        return List.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL").contains(name);
    }
}
