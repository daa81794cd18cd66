package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static dev.kshell.rules.lint.NodeConfig.ADVERTISED_LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.CONTROLLER_LISTENER_NAMES;
import static dev.kshell.rules.lint.NodeConfig.INTER_BROKER_LISTENER_NAME;
import static dev.kshell.rules.lint.NodeConfig.INTER_BROKER_PROTOCOL;
import static dev.kshell.rules.lint.NodeConfig.LISTENERS;
import static dev.kshell.rules.lint.NodeConfig.NODE_ID;
import static dev.kshell.rules.lint.NodeConfig.PROCESS_ROLES;
import static dev.kshell.rules.lint.NodeConfig.PROTOCOL_MAP;
import java.util.LinkedHashSet;

/**
 * Rules that need one file only: roles, node id, listener names and protocols, inter-broker listener, unclean
 * election, unknown keys. Mirrors the checks of Kafka's {@code KafkaConfig} validation, so what is flagged here is
 * what would stop the node starting (ERROR) or what is risky (WARNING) or a hint (INFO).
 */
final class FileRules {

    static final String UNCLEAN = "unclean.leader.election.enable";

    private final KnownKeys knownKeys;

    FileRules(KnownKeys knownKeys) {
        this.knownKeys = knownKeys;
    }

    List<Finding> check(NodeConfig node) {
        List<Finding> out = new ArrayList<>();
        roles(node, out);
        nodeId(node, out);
        listeners(node, out);
        controllerListeners(node, out);
        protocols(node, out);
        advertised(node, out);
        interBroker(node, out);
        unclean(node, out);
        unknownKeys(node, out);
        return out;
    }

    private static void roles(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        String value = f.value(PROCESS_ROLES);
        if (value == null || node.roles().isEmpty()) {
            out.add(new Finding(Severity.ERROR, "process-roles-missing", f.where(PROCESS_ROLES),
                    "process.roles is " + (value == null ? "not set" : "empty")
                            + ": Kafka 4 runs only in KRaft mode and will not start without it",
                    (value == null ? "add " : "set ") + "process.roles=" + guessRoles(node)));
            return;
        }
        List<String> bad = node.roles().stream().filter(r -> !r.equals("broker") && !r.equals("controller")).toList();
        long entries = value.split(",").length;
        if (!bad.isEmpty() || entries != node.roles().size()) {
            out.add(new Finding(Severity.ERROR, "process-roles-invalid", f.where(PROCESS_ROLES),
                    "process.roles=" + value + " is not valid: the roles are broker and controller, each at most once",
                    "set process.roles=" + guessRoles(node)));
        }
    }

    /** The roles the listeners suggest (a node with only controller listeners is a controller). */
    private static String guessRoles(NodeConfig node) {
        boolean controllerListener = node.listeners().endpoints().stream()
                .anyMatch(e -> node.controllerListenerNames().contains(e.name()));
        boolean otherListener = node.listeners().endpoints().stream()
                .anyMatch(e -> !node.controllerListenerNames().contains(e.name()));
        if (controllerListener && otherListener) {
            return "broker,controller";
        }
        return controllerListener ? "controller" : "broker";
    }

    private static void nodeId(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        String value = f.value(NODE_ID);
        if (value == null) {
            out.add(new Finding(Severity.ERROR, "node-id-missing", f.path(),
                    "node.id is not set: every KRaft node needs a unique node.id",
                    "add node.id=" + suggestedId(node) + " (unique across the cluster)"));
        } else if (node.nodeId() == null || node.nodeId() < 0) {
            out.add(new Finding(Severity.ERROR, "node-id-invalid", f.where(NODE_ID),
                    "node.id=" + value + " is not a non-negative integer",
                    "set node.id=" + suggestedId(node) + " (unique across the cluster)"));
        }
    }

    /** For a controller, the voters entry on its listener port; else a placeholder the user must fill. */
    private static String suggestedId(NodeConfig node) {
        for (ListenerEndpoint e : node.listeners().endpoints()) {
            for (VoterEntry v : node.voters().entries()) {
                if (node.controllerListenerNames().contains(e.name()) && v.port() == e.port()) {
                    return String.valueOf(v.id());
                }
            }
        }
        return "<id>";
    }

    /**
     * An error per entry of {@code key}'s list that does not parse ({@link CommaList}): which entry, the form it
     * must have ({@code form}, with what Kafka does about it) and how to write it.
     */
    static void malformed(PropertiesFile f, String key, List<String> entries, String id, String form, String fix,
                          List<Finding> out) {
        for (String bad : entries) {
            out.add(new Finding(Severity.ERROR, id, f.where(key), key + " entry '" + bad + "' is not " + form, fix));
        }
    }

    private static void listeners(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        malformed(f, LISTENERS, node.listeners().malformed(), "listener-malformed", "NAME://host:port",
                "write it as NAME://host:port, e.g. PLAINTEXT://:9092 (empty host = all interfaces)", out);
        malformed(f, ADVERTISED_LISTENERS, node.advertised().malformed(), "listener-malformed", "NAME://host:port",
                "write it as NAME://host:port with a host clients can reach, e.g. PLAINTEXT://broker1:9092", out);
        Map<String, ListenerEndpoint> byName = new HashMap<>();
        Map<Integer, ListenerEndpoint> byPort = new HashMap<>();
        for (ListenerEndpoint e : node.listeners().endpoints()) {
            ListenerEndpoint sameName = byName.putIfAbsent(e.name(), e);
            if (sameName != null) {
                out.add(new Finding(Severity.ERROR, "listener-name-reused", f.where(LISTENERS),
                        "listeners names " + e.name() + " twice ('" + sameName.raw() + "' and '" + e.raw()
                                + "'); Kafka refuses to start (each listener must have a different name)",
                        "keep one " + e.name() + " entry in listeners, or rename the other one"));
            }
            ListenerEndpoint samePort = e.port() == 0 ? null : byPort.putIfAbsent(e.port(), e);
            if (samePort != null && sameName == null) {
                out.add(new Finding(Severity.ERROR, "listener-port-reused", f.where(LISTENERS),
                        "listeners '" + samePort.raw() + "' and '" + e.raw() + "' use the same port " + e.port()
                                + "; Kafka refuses to start (each listener must have a different port)",
                        "give " + e.name() + " its own port in listeners"));
            }
        }
    }

    private static void controllerListeners(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        List<String> names = node.controllerListenerNames();
        if (names.isEmpty()) {
            String suggestion = node.listeners().endpoints().stream().map(ListenerEndpoint::name)
                    .filter(n -> n.contains("CONTROLLER")).findFirst().orElse("CONTROLLER");
            out.add(new Finding(Severity.ERROR, "controller-listener-names-missing", f.where(CONTROLLER_LISTENER_NAMES),
                    "controller.listener.names is " + (f.value(CONTROLLER_LISTENER_NAMES) == null ? "not set" : "empty")
                            + ": in KRaft every node needs it to " + (node.isController() && !node.isBroker()
                            ? "serve the quorum" : "find the controllers"),
                    "set controller.listener.names=" + suggestion));
            return;
        }
        Set<String> listenerNames = node.listeners().endpoints().stream().map(ListenerEndpoint::name)
                .collect(Collectors.toSet());
        if (node.isController()) {
            for (String name : names) {
                if (!listenerNames.contains(name)) {
                    String port = node.ownVoter().map(v -> String.valueOf(v.port())).orElse("<port>");
                    out.add(new Finding(Severity.ERROR, "controller-listener-not-in-listeners",
                            f.where(CONTROLLER_LISTENER_NAMES),
                            "controller listener " + name + " is not among listeners (" + listenersText(node)
                                    + "); a controller must listen on every name in controller.listener.names",
                            "set listeners=" + appendListener(node, name + "://:" + port)));
                }
            }
        }
        if (node.isBroker() && !node.isController()) {
            for (ListenerEndpoint e : node.listeners().endpoints()) {
                if (names.contains(e.name())) {
                    out.add(new Finding(Severity.ERROR, "process-roles-listeners-mismatch", f.where(LISTENERS),
                            "process.roles=broker but listeners include the controller listener '" + e.raw()
                                    + "'; a broker-only node must not listen on controller.listener.names",
                            "remove " + e.raw() + " from listeners, or set process.roles=broker,controller"));
                }
            }
        }
        if (node.isController() && !node.isBroker()) {
            for (ListenerEndpoint e : node.listeners().endpoints()) {
                if (!names.contains(e.name())) {
                    out.add(new Finding(Severity.ERROR, "process-roles-listeners-mismatch", f.where(LISTENERS),
                            "process.roles=controller but listeners include '" + e.raw()
                                    + "', which is not in controller.listener.names; Kafka refuses to start",
                            "remove " + e.raw() + " from listeners, or set process.roles=broker,controller"));
                }
            }
        }
        if (node.isBroker() && node.listeners().endpoints().stream().allMatch(e -> names.contains(e.name()))) {
            out.add(new Finding(Severity.ERROR, "process-roles-listeners-mismatch", f.where(LISTENERS),
                    "process.roles includes broker but every listener is a controller listener; a broker needs at "
                            + "least one listener for clients and other brokers",
                    "set listeners=" + appendListener(node, "PLAINTEXT://:9092")));
        }
    }

    private static void protocols(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        String explicit = f.value(PROTOCOL_MAP);
        if (explicit != null) {
            for (String pair : explicit.split(",")) {
                String[] kv = pair.trim().split(":", -1);
                if (pair.isBlank()) {
                    continue;
                }
                if (kv.length != 2 || kv[0].isBlank()
                        || !NodeConfig.SECURITY_PROTOCOLS.contains(kv[1].trim().toUpperCase(Locale.ROOT))) {
                    out.add(new Finding(Severity.ERROR, "listener-malformed", f.where(PROTOCOL_MAP),
                            "listener.security.protocol.map entry '" + pair.trim()
                                    + "' is not NAME:PROTOCOL with PROTOCOL one of " + NodeConfig.SECURITY_PROTOCOLS,
                            "write it as NAME:PLAINTEXT (or SSL, SASL_PLAINTEXT, SASL_SSL)"));
                }
            }
        }
        Map<String, String> map = node.protocolMap();
        Set<String> names = new LinkedHashSet<>();
        node.listeners().endpoints().forEach(e -> names.add(e.name()));
        names.addAll(node.controllerListenerNames());
        for (String name : names) {
            if (!map.containsKey(name)) {
                out.add(new Finding(Severity.ERROR, "listener-protocol-unknown", f.where(explicit != null
                        ? PROTOCOL_MAP : LISTENERS),
                        "listener " + name + " has no security protocol: it is not in listener.security.protocol.map"
                                + (explicit == null ? " (not set) and is not itself a protocol name" : ""),
                        "set listener.security.protocol.map=" + (explicit == null ? defaultMapText(node) + ","
                                : explicit + ",") + name + ":PLAINTEXT (or SSL / SASL_SSL as the listener needs)"));
            }
        }
    }

    private static String defaultMapText(NodeConfig node) {
        return node.protocolMap().entrySet().stream().filter(e -> !NodeConfig.SECURITY_PROTOCOLS.contains(e.getKey())
                        || node.listeners().endpoints().stream().anyMatch(l -> l.name().equals(e.getKey())))
                .map(e -> e.getKey() + ":" + e.getValue()).collect(Collectors.joining(","));
    }

    private static void advertised(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        Set<String> listenerNames = node.listeners().endpoints().stream().map(ListenerEndpoint::name)
                .collect(Collectors.toSet());
        for (ListenerEndpoint a : node.advertised().endpoints()) {
            if (!listenerNames.contains(a.name())) {
                out.add(new Finding(Severity.ERROR, "advertised-listener-unknown", f.where(ADVERTISED_LISTENERS),
                        "advertised.listeners names " + a.name() + " ('" + a.raw() + "') which is not among listeners ("
                                + listenersText(node) + "); Kafka refuses to start",
                        "set listeners=" + appendListener(node, a.name() + "://:" + a.port())
                                + " or remove " + a.raw() + " from advertised.listeners"));
                continue;
            }
            if (a.host().equals("0.0.0.0") || a.host().equals("::")) {
                out.add(new Finding(Severity.ERROR, "advertised-host-invalid", f.where(ADVERTISED_LISTENERS),
                        "advertised.listeners '" + a.raw() + "' advertises the non-routable meta-address "
                                + a.host() + "; Kafka refuses to start",
                        "advertise a host name clients can resolve, e.g. " + a.name() + "://<host>:" + a.port()));
                continue;
            }
            ListenerEndpoint bound = node.listener(a.name()).orElseThrow();
            if (bound.port() != 0 && bound.port() != a.port()) {
                out.add(new Finding(Severity.INFO, "advertised-port-differs", f.where(ADVERTISED_LISTENERS),
                        a.name() + " binds port " + bound.port() + " but advertises " + a.port()
                                + "; fine behind NAT or a proxy, otherwise clients connect to a port nobody serves",
                        "if there is no proxy, set advertised.listeners=" + replace(node.advertised().endpoints(),
                                a, a.withPort(bound.port()))));
            }
        }
    }

    private static void interBroker(NodeConfig node, List<Finding> out) {
        if (!node.isBroker()) {
            return;
        }
        PropertiesFile f = node.file();
        String listenerName = f.value(INTER_BROKER_LISTENER_NAME);
        String protocol = f.value(INTER_BROKER_PROTOCOL);
        List<String> candidates = node.effectiveAdvertised().stream().map(ListenerEndpoint::name)
                .filter(n -> !node.controllerListenerNames().contains(n)).distinct().toList();
        String suggestion = candidates.isEmpty() ? "PLAINTEXT" : candidates.get(0);
        if (listenerName != null && protocol != null) {
            out.add(new Finding(Severity.ERROR, "inter-broker-listener-conflict", f.where(INTER_BROKER_PROTOCOL),
                    "both inter.broker.listener.name and security.inter.broker.protocol are set; Kafka allows only one",
                    "delete security.inter.broker.protocol and keep inter.broker.listener.name=" + listenerName));
            return;
        }
        String effective = (listenerName != null ? listenerName : protocol != null ? protocol : "PLAINTEXT")
                .toUpperCase(Locale.ROOT);
        String key = listenerName != null ? INTER_BROKER_LISTENER_NAME
                : protocol != null ? INTER_BROKER_PROTOCOL : LISTENERS;
        if (node.controllerListenerNames().contains(effective)) {
            out.add(new Finding(Severity.ERROR, "inter-broker-listener-unknown", f.where(key),
                    "the inter-broker listener " + effective + " is a controller listener; brokers must replicate "
                            + "over a broker listener",
                    "set inter.broker.listener.name=" + suggestion));
        } else if (!node.effectiveAdvertised().isEmpty() && !candidates.contains(effective)) {
            out.add(new Finding(Severity.ERROR, "inter-broker-listener-unknown", f.where(key),
                    "the inter-broker listener " + effective + (listenerName == null ? " (the default)" : "")
                            + " is not among the advertised listeners (" + String.join(",", candidates)
                            + "); Kafka refuses to start",
                    "set inter.broker.listener.name=" + suggestion));
        }
    }

    private static void unclean(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        String value = f.value(UNCLEAN);
        if (value != null && value.equalsIgnoreCase("true")) {
            out.add(new Finding(Severity.WARNING, "unclean-leader-election-enabled", f.where(UNCLEAN),
                    "unclean.leader.election.enable=true lets the " + (node.isController() ? "controller" : "cluster")
                            + " elect an out-of-sync replica by itself, silently losing acknowledged writes",
                    "set unclean.leader.election.enable=false (elect uncleanly per partition during an incident, "
                            + "with `elect unclean`, after reading its plan)"));
        }
    }

    private void unknownKeys(NodeConfig node, List<Finding> out) {
        PropertiesFile f = node.file();
        for (PropertyEntry e : f.effective().values()) {
            String key = e.key();
            if (knownKeys.isKnown(key)) {
                continue;
            }
            String where = f.where(e.line());
            if (key.startsWith("zookeeper.")) {
                out.add(new Finding(Severity.INFO, "unknown-key", where,
                        key + " is a ZooKeeper setting; Kafka 4 runs only in KRaft mode and ignores it",
                        "delete the line " + key + "=" + e.value()));
                continue;
            }
            var suggestion = knownKeys.suggest(key);
            if (suggestion.isPresent()) {
                out.add(new Finding(Severity.INFO, "unknown-key", where,
                        "unknown key " + key + " (Kafka ignores it); did you mean " + suggestion.get() + "?",
                        "rename it: " + suggestion.get() + "=" + e.value()));
            } else {
                out.add(new Finding(Severity.INFO, "unknown-key", where,
                        "unknown key " + key + ": Kafka does not define it (ignored unless a plugin reads it)",
                        "delete the line, or keep it if a plugin (authorizer, reporter, callback) reads " + key));
            }
        }
    }

    private static String listenersText(NodeConfig node) {
        String v = node.file().value(LISTENERS);
        return v == null ? "default " + NodeConfig.DEFAULT_LISTENERS : v;
    }

    /** The listeners value with one more entry. */
    private static String appendListener(NodeConfig node, String entry) {
        String v = node.file().value(LISTENERS);
        return v == null || v.isBlank() ? entry : v + "," + entry;
    }

    /** A listener list with one entry replaced, as a property value. */
    static String replace(List<ListenerEndpoint> list, ListenerEndpoint old, String replacement) {
        return list.stream().map(e -> e == old ? replacement : e.raw()).collect(Collectors.joining(","));
    }
}
