package dev.kshell.memory;

import dev.kshell.model.TemporaryChange;
import dev.kshell.util.FileLockWithDeadline;
import dev.kshell.util.PrivateFiles;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * Temporary config changes ({@code configs set ... --for 1h}) per cluster, on disk beside the rest of kshell's state
 * ({@code <state>/<cluster-id>.temporary.json}, private, replaced atomically under a lock with a deadline), so that
 * every later session on this host, a one-shot {@code triage} from cron included, sees a change whose time has
 * passed until it is reverted or kept. An unreadable file reads as no changes, with a warning, and is kept as
 * {@code .corrupt} at the next write.
 */
public final class TemporaryChanges {

    private static final Duration LOCK_DEADLINE = Duration.ofSeconds(5);
    private static final TypeReference<List<TemporaryChange>> LIST = new TypeReference<>() {
    };

    private final Path dir;

    public TemporaryChanges(Path dir) {
        this.dir = dir.toAbsolutePath().normalize();
    }

    /** Where the records of the current session go ({@link KshellHome#state()}). */
    public static TemporaryChanges atHome() {
        return new TemporaryChanges(KshellHome.state());
    }

    /** What was read, and a warning when the file could not be. */
    public record Read(List<TemporaryChange> changes, String warning) {
        public Read {
            changes = List.copyOf(changes);
        }

        /** Those whose time has passed, oldest first. */
        public List<TemporaryChange> due(Instant now) {
            return changes.stream().filter(c -> c.due(now)).toList();
        }
    }

    public Path fileFor(String clusterId) {
        return dir.resolve(StateStore.safe(clusterId) + ".temporary.json");
    }

    /** Every remembered change of the cluster, oldest first; a missing file is none. */
    public Read read(String clusterId) {
        Path file = fileFor(clusterId);
        try {
            List<TemporaryChange> all = Mapper.JSON.readValue(Files.readString(file, StandardCharsets.UTF_8), LIST);
            List<TemporaryChange> sorted = new ArrayList<>(all == null ? List.of() : all);
            sorted.sort(Comparator.comparing(TemporaryChange::madeAt));
            return new Read(sorted, null);
        } catch (NoSuchFileException e) {
            return new Read(List.of(), null);
        } catch (IOException | RuntimeException e) {
            return new Read(List.of(), "kshell's record of temporary config changes " + file + " is unreadable ("
                    + e.getClass().getSimpleName() + "): no reminder can be given until it is repaired or removed");
        }
    }

    /**
     * Remembers a change under the next free id ({@code t1}, {@code t2}, ...).
     *
     * @return the change as remembered, with its id
     * @throws StateStoreException when it cannot be written
     */
    public TemporaryChange remember(String clusterId, TemporaryChange change) {
        List<TemporaryChange> written = update(clusterId, old -> {
            int next = old.stream().map(TemporaryChange::id).filter(i -> i.matches("t\\d+"))
                    .mapToInt(i -> Integer.parseInt(i.substring(1))).max().orElse(0) + 1;
            List<TemporaryChange> all = new ArrayList<>(old);
            all.add(new TemporaryChange("t" + next, change.entity(), change.changed(), change.undo(), change.madeAt(),
                    change.dueAt(), change.by(), change.commandLine()));
            return all;
        });
        return written.get(written.size() - 1);
    }

    /** Forgets one change (reverted, or kept on purpose); true when it was there. */
    public boolean forget(String clusterId, String id) {
        boolean[] found = {false};
        update(clusterId, old -> {
            List<TemporaryChange> all = new ArrayList<>(old);
            found[0] = all.removeIf(c -> c.id().equals(id));
            return all;
        });
        return found[0];
    }

    private List<TemporaryChange> update(String clusterId, UnaryOperator<List<TemporaryChange>> change) {
        Path file = fileFor(clusterId);
        try {
            PrivateFiles.createDirectories(dir);
            try (FileLockWithDeadline ignored = FileLockWithDeadline.acquire(
                    dir.resolve(file.getFileName() + ".lock"), LOCK_DEADLINE)) {
                Read old = read(clusterId);
                if (old.warning() != null && Files.exists(file)) {
                    Files.move(file, file.resolveSibling(file.getFileName() + ".corrupt"),
                            java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                List<TemporaryChange> updated = change.apply(old.changes());
                AtomicFiles.replace(file, Mapper.JSON.writerWithDefaultPrettyPrinter().writeValueAsString(updated));
                return updated;
            }
        } catch (IOException | RuntimeException e) {
            throw new StateStoreException(file, e);
        }
    }

    /** Made when the file is first read or written (Jackson's start-up cost is not every command's). */
    private static final class Mapper {
        static final JsonMapper JSON = JsonMapper.builder().build();
    }
}
