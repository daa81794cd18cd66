package dev.kshell.memory;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.TemporaryChange;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The temporary config changes on disk: ids, what a new store (a later session) reads, forgetting, damage. */
@Timeout(10)
class TemporaryChangesTest {

    @TempDir
    Path dir;

    private static TemporaryChange change(Instant made, Instant due) {
        return new TemporaryChange(null, ConfigEntity.topic("orders"), List.of("min.insync.replicas=1"),
                List.of(ConfigOp.set("min.insync.replicas", "2")), made, due, "op", "configs set topic orders "
                + "min.insync.replicas=1 --for 1h");
    }

    @Test
    void should_remember_with_new_ids_and_be_read_by_a_later_session() throws IOException {
        Instant t0 = Instant.parse("2026-12-05T10:00:00Z");
        TemporaryChanges first = new TemporaryChanges(dir);

        TemporaryChange a = first.remember("cluster/1", change(t0, t0.plusSeconds(3600)));
        TemporaryChange b = first.remember("cluster/1", change(t0.plusSeconds(1), t0.plusSeconds(60)));
        TemporaryChanges.Read later = new TemporaryChanges(dir).read("cluster/1");

        assertThat(List.of(a.id(), b.id())).containsExactly("t1", "t2");
        assertThat(later.changes()).extracting(TemporaryChange::id).containsExactly("t1", "t2");
        assertThat(later.due(t0.plusSeconds(120))).extracting(TemporaryChange::id).containsExactly("t2");
        assertThat(later.changes().get(0).undo()).containsExactly(ConfigOp.set("min.insync.replicas", "2"));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(first.fileFor("cluster/1"))))
                .isEqualTo("rw-------");
        assertThat(new TemporaryChanges(dir).read("another").changes()).isEmpty();
    }

    @Test
    void should_forget_one_and_keep_counting_ids() {
        Instant t0 = Instant.parse("2026-12-05T10:00:00Z");
        TemporaryChanges store = new TemporaryChanges(dir);
        store.remember("c", change(t0, t0));
        store.remember("c", change(t0, t0));

        assertThat(store.forget("c", "t1")).isTrue();
        assertThat(store.forget("c", "t9")).isFalse();
        assertThat(store.remember("c", change(t0, t0)).id()).isEqualTo("t3");
        assertThat(store.read("c").changes()).extracting(TemporaryChange::id).containsExactly("t2", "t3");
    }

    @Test
    void should_read_a_damaged_file_as_none_with_a_warning_and_keep_it_aside_at_the_next_write() throws IOException {
        TemporaryChanges store = new TemporaryChanges(dir);
        Files.writeString(store.fileFor("c"), "{not json");

        TemporaryChanges.Read read = store.read("c");
        store.remember("c", change(Instant.EPOCH, Instant.EPOCH));

        assertThat(read.changes()).isEmpty();
        assertThat(read.warning()).contains("unreadable");
        assertThat(dir.resolve("c.temporary.json.corrupt")).exists();
        assertThat(store.read("c").changes()).hasSize(1);
    }
}
