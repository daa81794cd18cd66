package dev.kshell.workflow.radar;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.cluster.Radar;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.rules.VoterReachability;
import dev.kshell.rules.radar.Features;
import dev.kshell.rules.radar.Listeners;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which listeners and nodes the radar asks. The listener this connection uses is known from describeCluster (every
 * live broker's advertised endpoint); the others come from each broker's {@code advertised.listeners} (or
 * {@code listeners}) and {@code listener.security.protocol.map} (describeConfigs, which an ACL may deny: then only
 * the connection's own listener is read, and a note says so). Controllers: the quorum's voter endpoints (Kafka 3.9+
 * reports them), else the brokers' {@code controller.quorum.voters}; their listener's protocol from the brokers'
 * protocol map, else found out by one handshake.
 */
final class RadarTargets {

    static final String ADVERTISED = "advertised.listeners";
    static final String LISTENERS = "listeners";
    static final String PROTOCOL_MAP = "listener.security.protocol.map";
    static final String CONTROLLER_NAMES = "controller.listener.names";
    static final String IBP = "inter.broker.protocol.version";
    static final List<String> KEYS = List.of(ADVERTISED, LISTENERS, PROTOCOL_MAP, CONTROLLER_NAMES, IBP,
            VoterReachability.VOTER_SETTINGS.get(0), VoterReachability.VOTER_SETTINGS.get(1));

    /** What was found out: whom to ask, and what the brokers' configs said. */
    record Found(List<Radar.TlsTarget> listeners, List<NodeProbe.Target> nodes, Map<Integer, String> zkReleases,
                 List<String> notes) {
    }

    private RadarTargets() {
    }

    static Found find(ClusterGateway gateway, ClusterSnapshot now, boolean zooKeeper) {
        List<String> notes = new ArrayList<>();
        boolean connectionTls = gateway.target().clientProperties().getOrDefault("security.protocol", "PLAINTEXT")
                .toUpperCase(Locale.ROOT).endsWith("SSL");
        List<BrokerState> live = now.brokers().stream().filter(BrokerState::live).toList();
        BrokerConfigs configs = configs(gateway, live, notes);
        Map<String, Radar.TlsTarget> listeners = new LinkedHashMap<>();
        List<NodeProbe.Target> nodes = new ArrayList<>();
        Map<Integer, String> zkReleases = new TreeMap<>();
        for (BrokerState b : live) {
            nodes.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            Map<String, ConfigValue> own = configs.brokers().get(b.id());
            List<Listeners.Listener> named = own == null ? List.of() : Listeners.parse(value(own, ADVERTISED) != null
                    ? value(own, ADVERTISED) : value(own, LISTENERS), value(own, PROTOCOL_MAP));
            String clientListener = named.stream().filter(l -> l.endpoint().equals(b.endpoint())).map(
                    Listeners.Listener::name).findFirst().orElse(null);
            listeners.put(b.endpoint(), new Radar.TlsTarget(b.id(), "broker", clientListener, b.endpoint(),
                    connectionTls));
            for (Listeners.Listener l : named) {
                if (l.host().isEmpty()) {
                    notes.add("broker " + b.id() + "'s listener " + l.name() + " advertises no host (the broker's "
                            + "own host name): not read");
                } else if (!listeners.containsKey(l.endpoint()) && !controllerListener(own, l.name())) {
                    listeners.put(l.endpoint(), new Radar.TlsTarget(b.id(), "broker", l.name(), l.endpoint(),
                            l.protocol() == null ? null : l.tls()));
                }
            }
            ConfigValue ibp = own == null ? null : own.get(IBP);
            if (zooKeeper && ibp != null && ibp.value() != null && "DEFAULT_CONFIG".equals(ibp.source())) {
                zkReleases.put(b.id(), Features.releaseLine(ibp.value()));
            }
        }
        if (!zooKeeper) {
            controllers(gateway, now, configs, connectionTls, listeners, nodes, notes);
        }
        return new Found(List.copyOf(listeners.values()), nodes, zkReleases, notes);
    }

    private static BrokerConfigs configs(ClusterGateway gateway, List<BrokerState> live, List<String> notes) {
        if (live.isEmpty() || gateway.target().viaControllers()) {
            return BrokerConfigs.empty();
        }
        try {
            BrokerConfigs read = gateway.brokerConfigs(live.stream().map(BrokerState::id).toList(), KEYS);
            read.errors().forEach((id, why) -> notes.add("broker " + id + "'s listeners not read (" + why + "): only "
                    + "the listener this connection uses"));
            return read;
        } catch (RuntimeException e) {
            notes.add("the brokers' listener configs could not be read (" + e.getMessage() + "): only the listener "
                    + "this connection uses is read, and controllers only where the quorum names them");
            return BrokerConfigs.empty();
        }
    }

    /** The controllers' endpoints: as the quorum reports them, else as the brokers are configured. */
    private static void controllers(ClusterGateway gateway, ClusterSnapshot now, BrokerConfigs configs,
                                    boolean connectionTls, Map<String, Radar.TlsTarget> listeners,
                                    List<NodeProbe.Target> nodes, List<String> notes) {
        Map<String, String> protocols = configs.brokers().values().stream().findFirst()
                .map(c -> Listeners.protocols(value(c, PROTOCOL_MAP))).orElse(Map.of());
        String controllerName = configs.brokers().values().stream().findFirst()
                .map(c -> value(c, CONTROLLER_NAMES)).map(n -> n.split(",")[0].strip().toUpperCase(Locale.ROOT))
                .orElse(null);
        Map<Integer, String[]> found = new TreeMap<>(); // id -> {listener, endpoint}
        try {
            QuorumDescription d = gateway.quorumChanges().describe();
            for (QuorumMember v : d.voters()) {
                v.endpoints().stream().findFirst().ifPresent(e -> found.put(v.id(), splitEndpoint(e)));
            }
        } catch (RuntimeException e) {
            notes.add("the quorum's voters could not be read (" + e.getMessage() + ")");
        }
        if (found.isEmpty() && now.quorum() != null) {
            now.quorum().voterEndpoints().forEach((id, ep) -> found.put(id, new String[]{controllerName, ep}));
        }
        if (found.isEmpty()) {
            configs.brokers().values().stream().findFirst().ifPresent(c -> VoterReachability.configuredVoters(
                    value(c, VoterReachability.VOTER_SETTINGS.get(0)), value(c, VoterReachability.VOTER_SETTINGS.get(1)))
                    .forEach((id, ep) -> found.put(id, new String[]{controllerName, ep})));
        }
        if (found.isEmpty() && gateway.target().viaControllers()) {
            for (String ep : gateway.target().bootstrapControllers().split(",")) {
                found.put(-1 - found.size(), new String[]{null, ep.strip()});
            }
        }
        found.forEach((id, le) -> {
            Integer nodeId = id < 0 ? null : id;
            String protocol = le[0] == null ? null : protocols.get(le[0]);
            Boolean tls = gateway.target().viaControllers() && le[0] == null ? Boolean.valueOf(connectionTls)
                    : protocol == null ? null : protocol.endsWith("SSL");
            listeners.putIfAbsent(le[1], new Radar.TlsTarget(nodeId, "controller", le[0], le[1], tls));
            nodes.add(new NodeProbe.Target(nodeId, "controller", le[1]));
        });
        if (found.isEmpty()) {
            notes.add("no controller endpoint is known (the quorum does not report them before Kafka 3.9, and the "
                    + "brokers' configs were not read): controllers' certificates and versions not read");
        }
    }

    /** "CONTROLLER://host:port" -> {CONTROLLER, host:port}; a bare host:port has no listener name. */
    private static String[] splitEndpoint(String e) {
        int sep = e.indexOf("://");
        return sep < 0 ? new String[]{null, e} : new String[]{e.substring(0, sep), e.substring(sep + 3)};
    }

    private static boolean controllerListener(Map<String, ConfigValue> own, String name) {
        String names = value(own, CONTROLLER_NAMES);
        return names != null && List.of(names.toUpperCase(Locale.ROOT).split("\\s*,\\s*")).contains(name);
    }

    private static String value(Map<String, ConfigValue> values, String key) {
        ConfigValue v = values == null ? null : values.get(key);
        return v == null || v.value() == null || v.value().isBlank() ? null : v.value();
    }
}
