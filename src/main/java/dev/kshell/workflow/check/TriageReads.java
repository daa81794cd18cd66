package dev.kshell.workflow.check;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.rules.CoordinatorHealth;
import dev.kshell.rules.CoordinatorReport;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.VoterReachability;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.CoordinatorClients;
import dev.kshell.model.PartitionState;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import dev.kshell.model.QuorumDescription;
import dev.kshell.rules.quorum.QuorumMembership;

/** The side reads of a triage besides the snapshot: whom to probe, a setting or two, the coordinator impact. */
final class TriageReads {

    static final String SESSION_TIMEOUT = "broker.session.timeout.ms";
    static final String ZOOKEEPER_SESSION_TIMEOUT = "zookeeper.session.timeout.ms";

    private TriageReads() {
    }

    static List<NodeProbe.Target> brokerTargets(ClusterSnapshot now) {
        List<NodeProbe.Target> out = new ArrayList<>();
        for (BrokerState b : now.brokers()) {
            if (b.live()) {
                out.add(new NodeProbe.Target(b.id(), "broker", b.endpoint()));
            }
        }
        return out;
    }

    /**
     * Controllers to ask, by endpoint: the quorum as read now, else as last seen (the session's, or the sandbox's
     * own), plus the connection's bootstrap controllers.
     */
    static List<NodeProbe.Target> voterTargets(ClusterGateway gateway, ClusterSnapshot now, ClusterTarget target,
                                               Map<Integer, String> knownVoters) {
        Map<String, NodeProbe.Target> byEndpoint = new LinkedHashMap<>();
        Map<Integer, String> known = now.quorum() != null && !now.quorum().voterEndpoints().isEmpty()
                ? now.quorum().voterEndpoints() : knownVoters;
        if (known.isEmpty() && now.quorum() == null && !target.viaControllers()) {
            known = configuredVoters(gateway, now); // a fresh process (cron, ssh) that never saw the quorum
        }
        new TreeMap<>(known).forEach((id, endpoint) ->
                byEndpoint.put(endpoint, new NodeProbe.Target(id < 0 ? null : id, "controller", endpoint)));
        if (target.viaControllers()) {
            for (String endpoint : target.bootstrapControllers().split(",")) {
                String e = endpoint.trim();
                if (!e.isEmpty()) {
                    byEndpoint.putIfAbsent(e, new NodeProbe.Target(null, "controller", e));
                }
            }
        }
        return List.copyOf(byEndpoint.values());
    }

    /** The controllers a live broker is configured with; empty when no broker answers within the side deadline. */
    private static Map<Integer, String> configuredVoters(ClusterGateway gateway, ClusterSnapshot now) {
        for (BrokerState b : now.brokers()) {
            if (!b.live()) {
                continue;
            }
            try {
                Map<String, ConfigValue> values = gateway.withTimeout(TriageService.SIDE_DEADLINE)
                        .brokerConfigs(List.of(b.id()), VoterReachability.VOTER_SETTINGS).brokers().get(b.id());
                if (values != null) {
                    ConfigValue voters = values.get(VoterReachability.VOTER_SETTINGS.get(0));
                    ConfigValue bootstrap = values.get(VoterReachability.VOTER_SETTINGS.get(1));
                    return VoterReachability.configuredVoters(voters == null ? null : voters.value(),
                            bootstrap == null ? null : bootstrap.value());
                }
            } catch (RuntimeException e) {
                // this broker did not say (no rights to describe configs, gone): the next one may
            }
            return Map.of(); // one broker's side deadline is all step 1 spends on this
        }
        return Map.of();
    }

    /**
     * A millisecond setting as the first answering broker reports it: broker.session.timeout.ms (the controllers read
     * the same key), or in ZooKeeper mode zookeeper.session.timeout.ms. Null when unknown.
     */
    static Long settingMs(ClusterGateway gateway, List<ProbeResult> probes, String key) {
        for (ProbeResult p : probes) {
            if (p.answered() && p.nodeId() != null) {
                try {
                    Map<String, ConfigValue> values = gateway.withTimeout(TriageService.SIDE_DEADLINE)
                            .brokerConfigs(List.of(p.nodeId()), Set.of(key)).brokers().get(p.nodeId());
                    ConfigValue v = values == null ? null : values.get(key);
                    return v == null || v.value() == null ? null : Long.parseLong(v.value());
                } catch (RuntimeException e) {
                    return null; // unknown: the finding says so
                }
            }
        }
        return null;
    }

    /** Who is stuck behind a sick coordinator partition; null when none is sick or nothing can be listed. */
    static CoordinatorReport coordinatorImpact(ClusterGateway gateway, ClusterSnapshot now) {
        if (!coordinatorTopicSick(now)) {
            return null;
        }
        CoordinatorClients clients;
        try {
            clients = gateway.withTimeout(TriageService.SIDE_DEADLINE).coordinatorClients();
        } catch (ClusterException | UnsupportedOperationException e) {
            return null;
        }
        return CoordinatorHealth.check(now, clients.groups(), clients.transactions());
    }

    private static boolean coordinatorTopicSick(ClusterSnapshot now) {
        Set<Integer> live = now.liveBrokerIds();
        for (TopicState t : now.topics()) {
            if (!t.name().equals(CoordinatorHealth.GROUP_TOPIC)
                    && !t.name().equals(CoordinatorHealth.TRANSACTION_TOPIC)) {
                continue;
            }
            Integer minIsr = t.config() == null ? null : t.config().minIsr();
            for (PartitionState p : t.partitions()) {
                if (PartitionHealth.isLeaderless(p, live)
                        || Boolean.TRUE.equals(PartitionHealth.isUnderMinIsr(p, minIsr))) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Controllers back with a new disk, from the quorum's membership (directory ids), within the side deadline;
     * empty when the quorum has no leader, in ZooKeeper mode, or when the membership cannot be read.
     */
    static List<QuorumMembership.NewDisk> newDisks(ClusterGateway gateway,
                                                                          ClusterSnapshot now) {
        if (now.quorum() == null || now.quorum().zooKeeperMode() || !now.quorum().hasLeader()) {
            return List.of();
        }
        try {
            QuorumDescription d = gateway.withTimeout(TriageService.SIDE_DEADLINE).quorumChanges()
                    .describe();
            return QuorumMembership.judge(d, List.of()).newDisks();
        } catch (RuntimeException e) {
            return List.of();
        }
    }
}
