package dev.kshell.workflow.election;

import dev.kshell.rules.election.ReplicaEvidence;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.time.Duration;

/**
 * Reads what the live replicas of leaderless partitions can tell before an unclean election: log sizes
 * (describeLogDirs, one call for all brokers) and producers' last sequences (describeProducers per replica). Both
 * work on a leaderless partition (docs/kafka-behaviour.md); failures become the evidence's error text, never a failed command.
 */
final class ReplicaEvidenceReader {

    static final Duration PRODUCERS_DEADLINE = Duration.ofSeconds(3);

    private ReplicaEvidenceReader() {
    }

    static Map<String, List<ReplicaEvidence>> read(ClusterGateway gateway, ClusterSnapshot snapshot,
                                                   List<PartitionSpec> specs) {
        Set<Integer> live = snapshot.liveBrokerIds();
        Map<PartitionSpec, List<Integer>> wanted = new HashMap<>();
        Set<Integer> brokers = new LinkedHashSet<>();
        for (PartitionSpec spec : specs) {
            Optional<PartitionState> p = snapshot.partition(spec);
            // Only leaderless partitions are planned for; a led one is refused anyway, no need to ask brokers.
            if (p.isEmpty() || (p.get().leader() != null && live.contains(p.get().leader()))) {
                continue;
            }
            List<Integer> liveReplicas = p.get().replicas().stream().filter(live::contains).toList();
            wanted.put(spec, liveReplicas);
            brokers.addAll(liveReplicas);
        }
        Map<Integer, Map<PartitionSpec, Long>> sizes = new HashMap<>();
        Map<Integer, String> sizeErrors = new HashMap<>();
        if (!brokers.isEmpty()) {
            try {
                ClusterGateway.ReplicaSizes answer = gateway.replicaSizes(brokers);
                sizes.putAll(answer.sizes());
                sizeErrors.putAll(answer.errors());
            } catch (RuntimeException e) {
                brokers.forEach(b -> sizeErrors.put(b, "describeLogDirs failed: " + e.getMessage()));
            }
        }
        Map<String, List<ReplicaEvidence>> out = new HashMap<>();
        wanted.forEach((spec, replicas) -> {
            List<ReplicaEvidence> list = new ArrayList<>();
            for (int broker : replicas) {
                List<String> errors = new ArrayList<>();
                Long size = sizes.getOrDefault(broker, Map.of()).get(spec);
                if (size == null) {
                    errors.add(sizeErrors.getOrDefault(broker, "describeLogDirs lists no replica of " + spec.name()
                            + " on broker " + broker));
                }
                Long sequence = null;
                try {
                    // auxiliary evidence with its own short deadline: a replica that does not answer (seen on a
                    // just-restarted broker) must not stall the plan for the whole command timeout
                    sequence = gateway.withTimeout(PRODUCERS_DEADLINE).maxProducerSequence(spec, broker).orElse(null);
                } catch (RuntimeException e) {
                    errors.add("describeProducers on broker " + broker + ": " + e.getMessage());
                }
                list.add(new ReplicaEvidence(broker, size, sequence, null,
                        errors.isEmpty() ? null : String.join("; ", errors)));
            }
            out.put(spec.name(), list);
        });
        return out;
    }
}
