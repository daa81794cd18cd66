package dev.kshell.memory;

import dev.kshell.model.LogDirState;
import dev.kshell.model.LogDirsRead;
import dev.kshell.model.PartitionSpec;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.ReplicaRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class LogDirHistoryTest {

    private static LogDirsRead read(long at, long usable) {
        return new LogDirsRead(at, Map.of(4, List.of(new LogDirState(4, "/d", null, 100L, usable, false, Map.of()))),
                Map.of());
    }

    @Test
    void should_measure_against_the_oldest_sample_of_the_last_hour() {
        LogDirHistory h = new LogDirHistory();

        assertThat(h.record("c", read(1_000, 90))).isEmpty();
        assertThat(h.record("c", read(2_000, 80))).containsEntry(LogDirHealth.key(4, "/d"),
                new LogDirHealth.Sample(1_000, 90L, 0));
        Map<String, LogDirHealth.Sample> later = h.record("c", read(1_000 + LogDirHistory.KEEP.toMillis() + 500, 70));
        assertThat(later.get(LogDirHealth.key(4, "/d")).takenAtMs()).isEqualTo(2_000);
        assertThat(h.record("other", read(9_000, 10))).isEmpty();
    }

    @Test
    void should_keep_when_a_replica_was_first_seen_out_of_sync_until_it_is_back() {
        LogDirHistory h = new LogDirHistory();
        ReplicaRef r = new ReplicaRef(new PartitionSpec("t", 0), 5);

        assertThat(h.outOfSync("c", List.of(r), List.of(r), 100)).containsEntry(r, 100L);
        assertThat(h.outOfSync("c", List.of(r), List.of(r), 200)).containsEntry(r, 100L);
        assertThat(h.outOfSync("c", List.of(r), List.of(), 300)).isEmpty();
        assertThat(h.outOfSync("c", List.of(r), List.of(r), 400)).containsEntry(r, 400L);
    }
}
