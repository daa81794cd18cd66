package dev.kshell.rules.explain;

import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** Snapshots for explain in a session. */
public final class ExplainInSessionFixtures {

    private ExplainInSessionFixtures() {
    }

    /** Brokers 4 (fenced), 5 and 6 advertising localhost:9492-9494, controllers 1-3 on localhost:9391-9393, leader 2. */
    public static ClusterSnapshot sandboxLike() {
        List<QuorumReplica> voters = List.of(new QuorumReplica(1, 10, 0L, 0L, 0L), new QuorumReplica(2, 10, 0L, 0L, 0L),
                new QuorumReplica(3, 10, 0L, 0L, 0L));
        QuorumState quorum = QuorumState.kraft(2, 7, 10, voters, List.of(),
                Map.of(1, "localhost:9391", 2, "localhost:9392", 3, "localhost:9393"));
        return new ClusterSnapshot("c1", Instant.parse("2026-12-01T14:03:10Z"), List.of(
                new BrokerState(4, "localhost", 9492, null, true), new BrokerState(5, "localhost", 9493, null, false),
                new BrokerState(6, "localhost", 9494, null, false)), quorum, null, List.of());
    }
}
