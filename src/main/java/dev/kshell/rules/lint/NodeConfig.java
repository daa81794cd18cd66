package dev.kshell.rules.lint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What one server.properties says about its node, parsed once for all rules. Pure: built from a
 * {@link PropertiesFile}; parse problems stay visible (malformed lists) for the rules to report.
 *
 * @param file                    the file
 * @param order                   position of the file in the set (for stable "first one wins" choices)
 * @param roles                   lower-cased entries of process.roles (empty when absent)
 * @param nodeId                  node.id, or null when absent or not an integer
 * @param listeners               parsed {@code listeners} (Kafka's default PLAINTEXT://:9092 when absent)
 * @param advertised              parsed explicit {@code advertised.listeners} (empty when absent)
 * @param controllerListenerNames upper-cased controller.listener.names
 * @param voters                  parsed controller.quorum.voters
 * @param bootstrapServers        parsed controller.quorum.bootstrap.servers
 */
public record NodeConfig(PropertiesFile file, int order, Set<String> roles, Integer nodeId,
                         ListenerEndpoint.ParsedListeners listeners, ListenerEndpoint.ParsedListeners advertised,
                         List<String> controllerListenerNames, VoterEntry.ParsedVoters voters,
                         VoterEntry.ParsedVoters bootstrapServers) {

    public static final String PROCESS_ROLES = "process.roles";
    public static final String NODE_ID = "node.id";
    public static final String LISTENERS = "listeners";
    public static final String ADVERTISED_LISTENERS = "advertised.listeners";
    public static final String CONTROLLER_LISTENER_NAMES = "controller.listener.names";
    public static final String PROTOCOL_MAP = "listener.security.protocol.map";
    public static final String INTER_BROKER_LISTENER_NAME = "inter.broker.listener.name";
    public static final String INTER_BROKER_PROTOCOL = "security.inter.broker.protocol";
    public static final String VOTERS = "controller.quorum.voters";
    public static final String BOOTSTRAP_SERVERS = "controller.quorum.bootstrap.servers";

    /** Kafka's default of {@code listeners}. */
    static final String DEFAULT_LISTENERS = "PLAINTEXT://:9092";
    static final Set<String> SECURITY_PROTOCOLS = Set.of("PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL");

    public static NodeConfig of(PropertiesFile file, int order) {
        Set<String> roles = new LinkedHashSet<>();
        String rolesValue = file.value(PROCESS_ROLES);
        if (rolesValue != null) {
            for (String r : rolesValue.split(",")) {
                if (!r.isBlank()) {
                    roles.add(r.trim().toLowerCase(Locale.ROOT));
                }
            }
        }
        Integer nodeId = null;
        String id = file.value(NODE_ID);
        if (id != null) {
            try {
                nodeId = Integer.parseInt(id);
            } catch (NumberFormatException e) {
                nodeId = null;
            }
        }
        String listeners = file.value(LISTENERS);
        return new NodeConfig(file, order, roles, nodeId,
                ListenerEndpoint.parseList(listeners == null ? DEFAULT_LISTENERS : listeners),
                ListenerEndpoint.parseList(file.value(ADVERTISED_LISTENERS)),
                names(file.value(CONTROLLER_LISTENER_NAMES)),
                VoterEntry.parseVoters(file.value(VOTERS)),
                VoterEntry.parseBootstrapServers(file.value(BOOTSTRAP_SERVERS)));
    }

    private static List<String> names(String value) {
        List<String> out = new ArrayList<>();
        if (value != null) {
            for (String n : value.split(",")) {
                if (!n.isBlank()) {
                    out.add(n.trim().toUpperCase(Locale.ROOT));
                }
            }
        }
        return out;
    }

    public String path() {
        return file.path();
    }

    public boolean isBroker() {
        return roles.contains("broker");
    }

    public boolean isController() {
        return roles.contains("controller");
    }

    /** "controller 1", "broker 4", "broker,controller 7", or the file name when the role or id is unknown. */
    public String label() {
        String role = roles.isEmpty() ? "node" : String.join(",", roles);
        return nodeId == null ? role + " in " + path() : role + " " + nodeId;
    }

    /** The endpoint a controller serves the quorum on: the first controller listener, advertised if given. */
    public Optional<ListenerEndpoint> controllerEndpoint() {
        if (controllerListenerNames.isEmpty()) {
            return Optional.empty();
        }
        String name = controllerListenerNames.get(0);
        for (ListenerEndpoint e : advertised.endpoints()) {
            if (e.name().equals(name)) {
                return Optional.of(e);
            }
        }
        return listener(name);
    }

    /** The {@code listeners} endpoint with that (upper-case) name. */
    public Optional<ListenerEndpoint> listener(String name) {
        return listeners.endpoints().stream().filter(e -> e.name().equals(name)).findFirst();
    }

    /** This node's own entry of controller.quorum.voters, if any. */
    public Optional<VoterEntry> ownVoter() {
        if (nodeId == null) {
            return Optional.empty();
        }
        return voters.entries().stream().filter(v -> v.id() == nodeId).findFirst();
    }

    /**
     * What clients and other brokers are told: the explicit advertised.listeners, or else the non-controller
     * listeners (Kafka advertises the listeners themselves, with the machine's host name for an empty host).
     */
    public List<ListenerEndpoint> effectiveAdvertised() {
        if (file.value(ADVERTISED_LISTENERS) != null) {
            return advertised.endpoints();
        }
        return listeners.endpoints().stream().filter(e -> !controllerListenerNames.contains(e.name())).toList();
    }

    /**
     * The listener-name to security-protocol map Kafka would use: the explicit map, or the default identity map
     * with controller listeners mapped to PLAINTEXT (what Kafka does when the map is not set). Entries that do not
     * parse are left out (reported by the rules).
     */
    public Map<String, String> protocolMap() {
        Map<String, String> map = new LinkedHashMap<>();
        String explicit = file.value(PROTOCOL_MAP);
        if (explicit == null) {
            SECURITY_PROTOCOLS.forEach(p -> map.put(p, p));
            controllerListenerNames.forEach(n -> map.putIfAbsent(n, "PLAINTEXT"));
            return map;
        }
        for (String pair : explicit.split(",")) {
            String[] kv = pair.trim().split(":", -1);
            if (kv.length == 2 && !kv[0].isBlank()
                    && SECURITY_PROTOCOLS.contains(kv[1].trim().toUpperCase(Locale.ROOT))) {
                map.put(kv[0].trim().toUpperCase(Locale.ROOT), kv[1].trim().toUpperCase(Locale.ROOT));
            }
        }
        return map;
    }

    /**
     * Hosts that identify the machine this node runs on (normalised, explicit ones only): from listeners,
     * advertised.listeners and its own voters entry. Two nodes sharing one are taken to be on the same machine.
     */
    public Set<String> machineHosts() {
        Set<String> hosts = new LinkedHashSet<>();
        for (ListenerEndpoint e : listeners.endpoints()) {
            if (!e.wildcardHost()) {
                hosts.add(Hosts.normalise(e.host()));
            }
        }
        for (ListenerEndpoint e : advertised.endpoints()) {
            if (!e.wildcardHost()) {
                hosts.add(Hosts.normalise(e.host()));
            }
        }
        ownVoter().ifPresent(v -> hosts.add(Hosts.normalise(v.host())));
        return hosts;
    }
}
