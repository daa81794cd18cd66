package dev.kshell.sandbox;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

import dev.kshell.cluster.SandboxTopicAdmin;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.sandbox.NodeInfo.Role;
import dev.kshell.sandbox.NodeInfo.State;
import dev.kshell.sandbox.SandboxRecords.DemoTopic;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.VoterChange;
import java.time.Duration;
import java.util.Objects;

/**
 * The steps that bring the {@link Sandbox} back to its healthy starting shape (nodes running, scenario topics gone,
 * demo topics present, every partition in sync and led by its preferred leader). Runs under the sandbox's monitor.
 */
final class SandboxReset {

    private final Sandbox sandbox;
    private final LocalCluster cluster;
    private final SandboxTopicAdmin admin;

    SandboxReset(Sandbox sandbox, LocalCluster cluster, SandboxTopicAdmin admin) {
        this.sandbox = sandbox;
        this.cluster = cluster;
        this.admin = admin;
    }

    /** True when the cluster is not in its starting shape: {@code altered}, a node down, or scenario topics left. */
    boolean needed(boolean altered) {
        if (altered || cluster.nodes().stream().anyMatch(n -> n.state() != State.RUNNING)
                || !cluster.brokersWithFailedLogDir().isEmpty()) {
            return true;
        }
        if (!votersToRestore().isEmpty()) {
            return true;
        }
        List<String> names = admin.topicNames();
        return Scenario.allTopics().stream().anyMatch(names::contains);
    }

    /** Removes replication throttle rates a scenario (slow-move) left on the brokers; a failure is not fatal. */
    void removeThrottles(Consumer<String> progress) {
        try {
            var rates = admin.replicaMoves().throttles(Sandbox.BROKERS, List.of()).brokerRates();
            List<Integer> throttled = rates.entrySet().stream().filter(e -> !e.getValue().isEmpty())
                    .map(java.util.Map.Entry::getKey).toList();
            if (!throttled.isEmpty()) {
                progress.accept("removing the replication throttle of broker" + (throttled.size() == 1 ? " " : "s ")
                        + throttled.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(", ")));
                admin.replicaMoves().removeBrokerRate(throttled);
            }
        } catch (RuntimeException e) {
            progress.accept("replication throttles not checked: " + e.getMessage());
        }
        try {
            // a drained broker's cordon (reassign evacuate of a live broker, Kafka 4.3+): an older release refuses the
            // unknown config, which is nothing to undo
            admin.replicaMoves().uncordon(Sandbox.BROKERS);
        } catch (RuntimeException e) {
            progress.accept("cordoned log directories not checked: " + e.getMessage());
        }
    }

    /** Starts every node that is not running (ZooKeeper, controllers, then brokers) and waits for the brokers. */
    List<String> startStoppedNodes(Consumer<String> progress) {
        List<String> started = new ArrayList<>();
        for (int id : cluster.brokersWithFailedLogDir()) {
            // a failed disk is replaced: stopped, given a new empty directory on start (LocalCluster.startNode)
            progress.accept("broker " + id + ": replacing its failed log directory (stop, new disk, start)");
            cluster.stopNode(id);
        }
        for (Role role : List.of(Role.ZOOKEEPER, Role.CONTROLLER, Role.BROKER)) {
            for (NodeInfo node : cluster.nodes()) {
                if (node.role() == role && node.state() != State.RUNNING) {
                    progress.accept("starting " + NodeFaults.name(node));
                    cluster.startNode(node.id());
                    started.add(NodeFaults.name(node));
                }
            }
        }
        if (!started.isEmpty()) {
            sandbox.awaitCondition("every broker registered and unfenced", () -> {
                ClusterSnapshot s = admin.snapshot(List.of(), false);
                return s.liveBrokerIds().containsAll(Sandbox.BROKERS) && s.quorum() != null && s.quorum().hasLeader();
            });
        }
        return started;
    }

    /**
     * A dynamic quorum's controllers that are not the voters they were: a controller back with a new disk (its old
     * directory still a voter) or one removed from the voters. Empty for a static quorum, or when it cannot be read.
     */
    List<Integer> votersToRestore() {
        if (!cluster.dynamicQuorum()) {
            return List.of();
        }
        try {
            QuorumDescription q = admin.withTimeout(Duration.ofSeconds(5)).quorumChanges()
                    .describe();
            List<Integer> out = new ArrayList<>();
            for (NodeInfo node : cluster.nodes()) {
                if (node.role() != Role.CONTROLLER) {
                    continue;
                }
                String dir = cluster.directoryId(node.id());
                boolean voter = q.voter(node.id()).map(v -> Objects.equals(v.directoryId(), dir))
                        .orElse(false);
                if (!voter) {
                    out.add(node.id());
                }
            }
            return out;
        } catch (RuntimeException e) {
            return List.of();
        }
    }

    /**
     * Makes every controller of a dynamic quorum a voter again with its current directory (what {@code quorum
     * replace-controller} / {@code add-controller} do), waiting for each to catch up first; returns what it did.
     */
    List<String> restoreVoters(Consumer<String> progress) {
        List<String> done = new ArrayList<>();
        for (int id : votersToRestore()) {
            String dir = cluster.directoryId(id);
            String endpoint = "CONTROLLER://" + NodeConfig.HOST + ":" + cluster.node(id).port();
            progress.accept("making controller " + id + " a voter again (directory " + dir + ")");
            sandbox.awaitCondition("controller " + id + " caught up as an observer", () -> {
                try {
                    return admin.quorumChanges().describe().observers(id).stream()
                            .anyMatch(o -> dir.equals(o.directoryId()) && o.lag() != null && o.lag() == 0);
                } catch (RuntimeException e) {
                    return false;
                }
            });
            QuorumDescription q = admin.quorumChanges().describe();
            q.voter(id).ifPresent(old -> admin.quorumChanges().removeVoter(id, old.directoryId()));
            VoterChange added = admin.quorumChanges().addVoter(id, dir, List.of(endpoint));
            if (!added.ok()) {
                throw new IllegalStateException("controller " + id + " could not be made a voter again: "
                        + added.message());
            }
            done.add("controller " + id);
        }
        return done;
    }

    /** Deletes the scenarios' topics that exist; returns their names. */
    List<String> deleteScenarioTopics(Consumer<String> progress) {
        List<String> present = admin.topicNames();
        List<String> doomed = Scenario.allTopics().stream().filter(present::contains).toList();
        if (!doomed.isEmpty()) {
            progress.accept("deleting scenario topics " + String.join(", ", doomed));
            admin.deleteTopicsIfPresent(doomed);
        }
        return doomed;
    }

    /**
     * Deletes the consumer groups the load and the scenarios made (their consumers are closed by now; a member still
     * leaving is waited for): the next scenario meets only its own groups, and `billing` of offsets-rf2 stays alone
     * on its coordinator partition.
     */
    void deleteSandboxGroups(Consumer<String> progress) {
        List<String> ours = List.of(LoadConsumers.CLASSIC_GROUP, LoadConsumers.CONSUMER_GROUP,
                ClientScenarios.STUCK_GROUP, ClientScenarios.SHIPPING_GROUP);
        try {
            sandbox.awaitCondition("the sandbox's consumer groups deleted", () -> {
                try {
                    return admin.deleteGroupsIfPresent(ours).isEmpty();
                } catch (RuntimeException e) {
                    return false;
                }
            });
        } catch (RuntimeException e) {
            progress.accept("the sandbox's consumer groups were not all deleted: " + e.getMessage());
        }
    }

    /** Creates the demo topics that are missing. */
    void createDemoTopics(Consumer<String> progress) {
        long t0 = System.nanoTime();
        List<String> made = new ArrayList<>();
        for (DemoTopic t : Sandbox.DEMO_TOPICS) {
            // retried: right after start, a busy machine can take longer than one deadline to answer
            sandbox.awaitCondition("demo topic " + t.name() + " created", () -> {
                if (admin.createTopicWithAssignment(t.name(), t.replicas(), t.configs())) {
                    made.add(t.name() + " (RF " + t.replicationFactor() + (t.configs().isEmpty() ? ""
                            : ", min.insync.replicas " + t.configs().get("min.insync.replicas")) + ")");
                }
                return true;
            });
        }
        if (!made.isEmpty()) {
            progress.accept("created demo topics " + String.join(", ", made) + " in " + Settle.seconds(t0));
        }
    }

    /** Waits for full ISRs, then elects preferred leaders until every partition is led by its first replica. */
    int healLeaders() {
        sandbox.awaitCondition("every partition fully in sync", () -> admin.snapshot(null, false).topics().stream()
                .flatMap(t -> t.partitions().stream()).allMatch(p -> p.isr().size() == p.replicas().size()));
        int[] moved = {0};
        sandbox.awaitCondition("every partition led by its preferred leader", () -> {
            List<String> topics = admin.topicNames();
            boolean preferred = admin.snapshot(topics, false).topics().stream().flatMap(t -> t.partitions().stream())
                    .allMatch(p -> p.leader() != null && p.leader().equals(p.preferredLeader()));
            if (!preferred) {
                moved[0] += admin.electPreferredQuietly(topics);
            }
            return preferred;
        });
        return moved[0];
    }
}
