package dev.kshell.memory;

import dev.kshell.model.LeaderTerm;
import dev.kshell.model.QuorumObservation;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.kshell.util.FileLockWithDeadline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import java.util.concurrent.atomic.AtomicReference;

@Timeout(30)
class QuorumHistoryTest {

    private static final String CLUSTER = "q1Sh-9_ZRdu2kp0xG8bQvw";
    private static final Instant T0 = Instant.parse("2026-12-01T03:00:00Z");

    @TempDir
    Path dir;

    static QuorumObservation kraft(int leader, long epoch, Instant at) {
        return new QuorumObservation(leader, epoch, QuorumObservation.KRAFT, QuorumObservation.DESCRIBE_METADATA_QUORUM, at);
    }

    static QuorumObservation zk(int controller, Instant at) {
        return new QuorumObservation(controller, -1, QuorumObservation.ZOOKEEPER, "describeCluster", at);
    }

    @Test
    void should_append_a_term_per_leader_change_and_widen_a_term_seen_again_across_instances() {
        new QuorumHistory(dir).record(CLUSTER, kraft(1, 3, T0));
        new QuorumHistory(dir).record(CLUSTER, kraft(1, 3, T0.plusSeconds(5)));
        new QuorumHistory(dir).record(CLUSTER, kraft(2, 4, T0.plusSeconds(20)));
        QuorumHistory.Loaded loaded = new QuorumHistory(dir).record(CLUSTER, kraft(3, 6, T0.plusSeconds(40)));

        assertThat(loaded.warning()).isNull();
        assertThat(loaded.terms()).extracting(LeaderTerm::leaderId).containsExactly(1, 2, 3);
        assertThat(loaded.terms()).extracting(LeaderTerm::epoch).containsExactly(3L, 4L, 6L);
        assertThat(loaded.terms().get(0).firstSeenAt()).isEqualTo(T0);
        assertThat(loaded.terms().get(0).lastSeenAt()).isEqualTo(T0.plusSeconds(5));
        assertThat(new QuorumHistory(dir).load(CLUSTER).terms()).isEqualTo(loaded.terms());
        assertThat(dir.resolve(CLUSTER + ".quorum.json")).exists();
        assertThat(dir.resolve(CLUSTER + ".json")).as("the offsets memory's file is not touched").doesNotExist();
    }

    /** The shell's history follows the records directory (the sandbox's while on the sandbox), looked up per write. */
    @Test
    void should_write_where_the_directory_supplier_points_at_each_write() {
        AtomicReference<Path> current = new AtomicReference<>(
                dir.resolve("home"));
        QuorumHistory h = new QuorumHistory(current::get);
        h.record(CLUSTER, kraft(1, 3, T0));
        current.set(dir.resolve("sandbox"));
        h.record("sandbox-cluster", kraft(2, 1, T0));
        assertThat(dir.resolve("home").resolve(CLUSTER + ".quorum.json")).exists();
        assertThat(dir.resolve("sandbox").resolve("sandbox-cluster.quorum.json")).exists();
        assertThat(dir.resolve("home").resolve("sandbox-cluster.quorum.json")).doesNotExist();
    }

    @Test
    void should_keep_a_late_read_of_an_earlier_epoch_in_its_place_not_as_a_new_change() {
        QuorumHistory h = new QuorumHistory(dir);
        h.record(CLUSTER, kraft(1, 3, T0));
        h.record(CLUSTER, kraft(2, 4, T0.plusSeconds(20)));
        // another shell's read of epoch 3, written late
        List<LeaderTerm> terms = h.record(CLUSTER, kraft(1, 3, T0.plusSeconds(10))).terms();
        assertThat(terms).extracting(LeaderTerm::leaderId).containsExactly(1, 2);
        assertThat(terms.get(0).lastSeenAt()).isEqualTo(T0.plusSeconds(10));
    }

    @Test
    void should_tell_a_zookeeper_controller_that_comes_back_from_one_that_never_left_when_no_epoch_is_known() {
        QuorumHistory h = new QuorumHistory(dir);
        h.record(CLUSTER, zk(4, T0));
        h.record(CLUSTER, zk(4, T0.plusSeconds(5)));
        h.record(CLUSTER, zk(5, T0.plusSeconds(10)));
        List<LeaderTerm> terms = h.record(CLUSTER, zk(4, T0.plusSeconds(15))).terms();
        assertThat(terms).extracting(LeaderTerm::leaderId).containsExactly(4, 5, 4);
        assertThat(terms).allSatisfy(t -> assertThat(t.mode()).isEqualTo("zookeeper"));
    }

    @Test
    void should_bound_the_history_by_count_and_age_but_keep_the_newest_term() {
        QuorumHistory h = new QuorumHistory(dir, 3, Duration.ofHours(24), Duration.ofSeconds(2));
        for (int epoch = 1; epoch <= 5; epoch++) {
            h.record(CLUSTER, kraft(epoch % 3 + 1, epoch, T0.plusSeconds(epoch)));
        }
        assertThat(h.load(CLUSTER).terms()).extracting(LeaderTerm::epoch).containsExactly(3L, 4L, 5L);

        List<LeaderTerm> aged = QuorumHistory.bound(h.load(CLUSTER).terms(), T0.plus(Duration.ofDays(2)), 200,
                Duration.ofHours(24));
        assertThat(aged).extracting(LeaderTerm::epoch).containsExactly(5L);
    }

    @Test
    void should_load_an_unreadable_file_as_empty_with_a_warning_and_keep_it_aside_on_the_next_write() throws IOException {
        QuorumHistory h = new QuorumHistory(dir);
        Files.writeString(h.fileFor(CLUSTER), "{not json");
        QuorumHistory.Loaded loaded = h.load(CLUSTER);
        assertThat(loaded.terms()).isEmpty();
        assertThat(loaded.warning()).contains("quorum history").contains("unreadable");

        QuorumHistory.Loaded written = h.record(CLUSTER, kraft(1, 3, T0));
        assertThat(written.warning()).contains("unreadable");
        assertThat(h.load(CLUSTER).warning()).isNull();
        assertThat(dir.resolve(CLUSTER + ".quorum.json.corrupt")).hasContent("{not json");
    }

    @Test
    void should_give_up_within_the_lock_deadline_with_one_line_naming_the_lock_file_and_its_holder() throws Exception {
        QuorumHistory h = new QuorumHistory(dir, 200, Duration.ofHours(24), Duration.ofMillis(300));
        Path lock = dir.resolve(CLUSTER + ".quorum.json.lock");
        CountDownLatch held = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread holder = new Thread(() -> {
            try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(lock, Duration.ofSeconds(5))) {
                held.countDown();
                release.await(20, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
        });
        holder.start();
        assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
        try {
            assertThatThrownBy(() -> h.record(CLUSTER, kraft(1, 3, T0)))
                    .isInstanceOf(StateStoreException.class)
                    .hasMessageContaining("could not lock " + lock)
                    .hasMessageContaining("held by pid " + ProcessHandle.current().pid());
        } finally {
            release.countDown();
            holder.join();
        }
        assertThat(h.record(CLUSTER, kraft(1, 3, T0)).terms()).hasSize(1);
    }
}
