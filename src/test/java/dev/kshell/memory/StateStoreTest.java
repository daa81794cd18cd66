package dev.kshell.memory;

import dev.kshell.model.OffsetsSeen;
import dev.kshell.model.ReplicaOrderChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;

@Timeout(120)
class StateStoreTest {

    private static final String CLUSTER = "q1Sh-9_ZRdu2kp0xG8bQvw";
    private static final Instant AT_2AM = Instant.parse("2026-05-01T02:00:00Z");
    private static final Instant AT_3AM = Instant.parse("2026-05-01T03:00:00Z");

    @TempDir
    Path dir;

    @Test
    void should_round_trip_offsets_and_the_quorum_leader() {
        StateStore store = new StateStore(dir);
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(300, 310, AT_2AM)), 1, AT_2AM);

        StateStore.Loaded loaded = new StateStore(dir).load(CLUSTER);
        assertThat(loaded.warning()).isNull();
        assertThat(loaded.memory().lookup("orders-0")).contains(new OffsetsSeen(300, 310, AT_2AM));
        assertThat(loaded.memory().quorumLeader()).isEqualTo(1);
        assertThat(loaded.memory().quorumLeaderSeenAt()).isEqualTo(AT_2AM);
        assertThat(store.lookup(CLUSTER, "orders-1")).isEmpty();
        assertThat(store.fileFor(CLUSTER)).isEqualTo(dir.resolve(CLUSTER + ".json"));
    }

    @Test
    void should_remember_2am_at_3am_when_the_partition_is_leaderless() {
        StateStore store = new StateStore(dir);
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(300, 300, AT_2AM),
                "orders-1", new OffsetsSeen(50, 50, AT_2AM)), 1, AT_2AM);
        // 3 a.m.: orders-0 is leaderless (not listed), orders-1 moved on, the quorum has no leader
        store.record(CLUSTER, Map.of("orders-1", new OffsetsSeen(80, 80, AT_3AM),
                "orders-2", new OffsetsSeen(-1, -1, AT_3AM)), -1, AT_3AM);
        ClusterMemory m = store.load(CLUSTER).memory();
        assertThat(m.lookup("orders-0")).contains(new OffsetsSeen(300, 300, AT_2AM));
        assertThat(m.lookup("orders-1")).contains(new OffsetsSeen(80, 80, AT_3AM));
        assertThat(m.lookup("orders-2")).isEmpty();
        assertThat(m.quorumLeader()).isEqualTo(1);
        assertThat(m.quorumLeaderSeenAt()).isEqualTo(AT_2AM);
        assertThat(m.updatedAt()).isEqualTo(AT_3AM);
    }

    @Test
    void should_drop_entries_older_than_the_retention() {
        StateStore store = new StateStore(dir, Duration.ofDays(30));
        store.record(CLUSTER, Map.of("gone-0", new OffsetsSeen(1, 1, AT_2AM.minus(Duration.ofDays(31)))), 1, AT_2AM);
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(1, 1, AT_2AM)), 1, AT_2AM);
        assertThat(store.load(CLUSTER).memory().partitions()).containsOnlyKeys("orders-0");
    }

    @Test
    void should_treat_a_corrupt_file_as_empty_say_so_and_keep_it() throws IOException {
        Path file = dir.resolve(CLUSTER + ".json");
        Files.writeString(file, "{\"clusterId\": \"q1Sh-9_ZRdu2kp0xG8bQvw\", \"partitions\": {\"orders-0\": ");
        StateStore store = new StateStore(dir);

        StateStore.Loaded loaded = store.load(CLUSTER);
        assertThat(loaded.memory().partitions()).isEmpty();
        assertThat(loaded.warning()).contains("unreadable").contains(file.toString()).contains("empty memory");
        assertThat(store.lookup(CLUSTER, "orders-0")).isEmpty();

        StateStore.Loaded written = store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(5, 5, AT_3AM)), 1,
                AT_3AM);
        assertThat(written.warning()).isNotNull();
        assertThat(dir.resolve(CLUSTER + ".json.corrupt")).exists();
        assertThat(store.load(CLUSTER).warning()).isNull();
        assertThat(store.lookup(CLUSTER, "orders-0")).isPresent();
    }

    @Test
    void should_leave_no_temp_files_and_replace_atomically() throws IOException {
        StateStore store = new StateStore(dir);
        for (int i = 0; i < 5; i++) {
            store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(i, i, AT_2AM)), 1, AT_2AM);
        }
        try (var files = Files.list(dir)) {
            assertThat(files.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder(CLUSTER + ".json", CLUSTER + ".json.lock", CLUSTER + ".offsets");
        }
        assertThat(Files.size(dir.resolve(CLUSTER + ".json"))).isLessThan(1000);
        assertThat(store.lookup(CLUSTER, "orders-0")).contains(new OffsetsSeen(4, 4, AT_2AM));
    }

    @Test
    void should_append_only_the_partitions_that_changed_and_leave_the_small_file_alone() throws IOException {
        StateStore store = new StateStore(dir);
        Map<String, OffsetsSeen> all = new HashMap<>();
        for (int p = 0; p < 1000; p++) {
            all.put("orders-" + p, new OffsetsSeen(p, -1, AT_2AM));
        }
        store.record(CLUSTER, all, 1, AT_2AM);
        Path json = dir.resolve(CLUSTER + ".json");
        String smallBefore = Files.readString(json);
        long logBefore = Files.size(store.offsetsFileFor(CLUSTER));

        // an hour later only orders-7 moved; the same quorum leader
        Map<String, OffsetsSeen> later = new HashMap<>();
        all.forEach((k, v) -> later.put(k, new OffsetsSeen(v.highWatermark(), -1, AT_3AM)));
        later.put("orders-7", new OffsetsSeen(700, -1, AT_3AM));
        store.record(CLUSTER, later, 1, AT_3AM);

        List<String> lines = Files.readAllLines(store.offsetsFileFor(CLUSTER));
        assertThat(lines.get(lines.size() - 1)).isEqualTo("orders\t" + AT_3AM.toEpochMilli() + "\t7=700");
        assertThat(Files.size(store.offsetsFileFor(CLUSTER)) - logBefore).isLessThan(100);
        assertThat(Files.readString(json)).isEqualTo(smallBefore);
        ClusterMemory m = store.load(CLUSTER).memory();
        assertThat(m.lookup("orders-7")).contains(new OffsetsSeen(700, -1, AT_3AM));
        assertThat(m.lookup("orders-8")).contains(new OffsetsSeen(8, -1, AT_2AM));
        assertThat(m.partitions()).hasSize(1000);
    }

    @Test
    void should_stay_bounded_by_compacting_when_every_partition_keeps_moving() throws IOException {
        StateStore store = new StateStore(dir);
        int partitions = 100_000;
        long maxSize = 0;
        for (int round = 0; round < 6; round++) {
            Map<String, OffsetsSeen> seen = new HashMap<>();
            Instant at = AT_2AM.plus(Duration.ofMinutes(round));
            for (int p = 0; p < partitions; p++) {
                seen.put("t" + (p / 100) + "-" + (p % 100), new OffsetsSeen(1_000_000L * round + p, -1, at));
            }
            store.record(CLUSTER, seen, 1, at);
            maxSize = Math.max(maxSize, Files.size(store.offsetsFileFor(CLUSTER)));
        }
        // compacted, 100,000 partitions in topics of 100 take ~1.1 MB; the log never grows past about twice that
        assertThat(maxSize).isLessThan(2_600_000L);
        assertThat(store.load(CLUSTER).memory().lookup("t999-99"))
                .contains(new OffsetsSeen(5_000_000L + 99_999, -1, AT_2AM.plus(Duration.ofMinutes(5))));
    }

    @Test
    void should_read_the_previous_format_and_move_its_offsets_into_the_log() throws IOException {
        Path json = dir.resolve(CLUSTER + ".json");
        Files.writeString(json, "{\"clusterId\":\"" + CLUSTER + "\",\"updatedAt\":\"2026-05-01T02:00:00Z\","
                + "\"quorumLeader\":2,\"quorumLeaderSeenAt\":\"2026-05-01T02:00:00Z\",\"partitions\":{\"orders-0\":"
                + "{\"highWatermark\":300,\"endOffset\":-1,\"seenAt\":\"2026-05-01T02:00:00Z\"}},\"reorders\":{}}");
        StateStore store = new StateStore(dir);
        assertThat(store.lookup(CLUSTER, "orders-0")).contains(new OffsetsSeen(300, -1, AT_2AM));

        store.record(CLUSTER, Map.of("orders-1", new OffsetsSeen(5, -1, AT_3AM)), 2, AT_3AM);
        assertThat(Files.readString(json)).doesNotContain("orders-0");
        assertThat(Files.readString(store.offsetsFileFor(CLUSTER))).contains("0=300").contains("1=5");
        ClusterMemory m = store.load(CLUSTER).memory();
        assertThat(m.lookup("orders-0")).contains(new OffsetsSeen(300, -1, AT_2AM));
        assertThat(m.quorumLeader()).isEqualTo(2);
    }

    @Test
    void should_skip_a_torn_last_line_of_the_log() throws IOException {
        StateStore store = new StateStore(dir);
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(10, -1, AT_2AM)), 1, AT_2AM);
        Files.writeString(store.offsetsFileFor(CLUSTER), "orders\t17", StandardOpenOption.APPEND);
        StateStore.Loaded loaded = store.load(CLUSTER);
        assertThat(loaded.warning()).isNull();
        assertThat(loaded.memory().lookup("orders-0")).contains(new OffsetsSeen(10, -1, AT_2AM));
        // the next append starts on a line of its own
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(20, -1, AT_3AM)), 1, AT_3AM);
        assertThat(store.lookup(CLUSTER, "orders-0")).contains(new OffsetsSeen(20, -1, AT_3AM));
        assertThat(store.offsetsRecordedAt(CLUSTER)).isNotNull();
        assertThat(store.offsetsRecordedAt("other")).isNull();
    }

    @Test
    void should_remember_and_forget_replica_reorders_keeping_the_first_original() {
        StateStore store = new StateStore(dir);
        store.recordReorder(CLUSTER, new ReplicaOrderChange("orders-0", List.of(4, 6, 5), List.of(5, 4, 6), AT_2AM),
                AT_2AM);
        store.recordReorder(CLUSTER, new ReplicaOrderChange("orders-0", List.of(5, 4, 6), List.of(6, 5, 4), AT_3AM),
                AT_3AM);
        ReplicaOrderChange c = store.load(CLUSTER).memory().reorder("orders-0").orElseThrow();
        assertThat(c.originalOrder()).containsExactly(4, 6, 5);
        assertThat(c.newOrder()).containsExactly(6, 5, 4);
        store.record(CLUSTER, Map.of("orders-0", new OffsetsSeen(1, 1, AT_3AM)), 1, AT_3AM);
        assertThat(store.load(CLUSTER).memory().reorders()).containsKey("orders-0");
        store.forgetReorder(CLUSTER, "orders-0", AT_3AM);
        assertThat(store.load(CLUSTER).memory().reorders()).isEmpty();
    }

    @Test
    void should_fail_clearly_when_the_directory_cannot_be_created() throws IOException {
        Path notADir = Files.writeString(dir.resolve("state"), "a file");
        StateStore store = new StateStore(notADir);
        assertThatThrownBy(() -> store.record(CLUSTER, Map.of(), 1, AT_2AM))
                .isInstanceOf(StateStoreException.class).hasMessageContaining(notADir.toString());
        assertThat(store.load(CLUSTER).warning()).isNotNull(); // cannot read either: empty, with a warning
    }

    @Test
    void should_sanitise_the_cluster_id_into_a_file_name() {
        assertThat(new StateStore(dir).fileFor("../../etc/x").getFileName().toString()).isEqualTo("______etc_x.json");
    }
}
