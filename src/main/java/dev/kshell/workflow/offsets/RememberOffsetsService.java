package dev.kshell.workflow.offsets;

import dev.kshell.connection.ShellSession;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.OffsetsAtRisk;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.model.TopicState;
import dev.kshell.memory.StateStore;

import java.time.Clock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The {@code remember offsets} workflow: read the partitions (configs too when judging risk), pick what to remember
 * (the partitions at risk, the named topics' led partitions, or every led partition), record their high watermarks
 * within the deadline ({@link OffsetMemory#record}). What a runbook or cron job calls so that a later unclean
 * election can count its loss; nothing else records outside a shell (docs/elections.md, "Remembered offsets").
 */
public final class RememberOffsetsService {

    /** What to remember. */
    public enum Scope { AT_RISK, TOPICS, ALL }

    /**
     * @param scope      what was asked for
     * @param clusterId  the cluster
     * @param atRisk     per reason, how many partitions were at risk (scope AT_RISK only; empty otherwise)
     * @param leaderless partitions left out because they have no live leader (listOffsets cannot answer for them)
     * @param recording  what the recording did
     */
    public record Result(Scope scope, String clusterId, Map<OffsetsAtRisk.Reason, Integer> atRisk, int leaderless,
                         OffsetMemory.Recording recording) {
    }

    private final OffsetMemory memory;

    public RememberOffsetsService(OffsetMemory memory) {
        this.memory = memory;
    }

    /** The memory of {@code <kshell home>/state}. */
    public static RememberOffsetsService atDefaultDir() {
        return new RememberOffsetsService(new OffsetMemory(new StateStore(OffsetMemory.defaultDir()),
                Clock.systemUTC(), Duration.ZERO));
    }

    /**
     * Reads and records. The read itself uses the session's deadline; the recording {@code deadline}.
     *
     * @param topics the topics (scope TOPICS only)
     */
    public Result remember(ShellSession session, Scope scope, List<String> topics, Duration deadline) {
        ClusterGateway gateway = session.requireGateway();
        SnapshotRequest request = SnapshotRequest.partitions().withConfigs(scope == Scope.AT_RISK);
        if (scope == Scope.TOPICS) {
            request = request.forTopics(List.copyOf(new LinkedHashSet<>(topics)));
        }
        ClusterSnapshot snapshot = gateway.read(request);
        Map<OffsetsAtRisk.Reason, Integer> counts = new EnumMap<>(OffsetsAtRisk.Reason.class);
        List<PartitionSpec> partitions;
        if (scope == Scope.AT_RISK) {
            List<OffsetsAtRisk.AtRisk> atRisk = OffsetsAtRisk.of(snapshot);
            atRisk.forEach(a -> counts.merge(a.reason(), 1, Integer::sum));
            partitions = atRisk.stream().map(OffsetsAtRisk.AtRisk::partition).toList();
        } else {
            partitions = OffsetsAtRisk.led(snapshot, scope == Scope.TOPICS ? Set.copyOf(topics) : null);
        }
        int all = 0;
        for (TopicState t : snapshot.topics()) {
            all += t.partitions().size();
        }
        int leaderless = scope == Scope.AT_RISK ? 0 : all - partitions.size();
        return new Result(scope, snapshot.clusterId(), counts, leaderless,
                memory.record(gateway, snapshot, partitions, deadline));
    }
}
