package dev.kshell.app;

import dev.kshell.util.Environment;

import dev.kshell.cluster.ClientClasses;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.QuorumState;
import dev.kshell.render.StateTables;
import dev.kshell.render.StateViews;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The end of the fast-start archive's training run (the launcher sets {@code -Dkshell.fastStart.training=true}; see
 * docs/performance.md, "Fast start"). The training run has no cluster, so its {@code quorum} fails before any answer
 * is read; the archive would then miss what every real run loads next: the Kafka client's protocol classes, the quorum
 * history's JSON (written, then read back) and the quorum table. This loads them, on made-up data in a temporary
 * directory, so that the archive holds them. Never runs outside training.
 */
final class FastStartTraining {

    private static final Logger LOG = LoggerFactory.getLogger(FastStartTraining.class);

    private FastStartTraining() {
    }

    static void run() {
        int types = ClientClasses.load();
        Path dir = null;
        try {
            dir = Files.createTempDirectory(Environment.tmpDir(), "kshell-training");
            QuorumState quorum = new QuorumState(1, 3, 120,
                    List.of(new QuorumReplica(1, 120, 0L, 0L, 0L), new QuorumReplica(2, 118, 2L, 40L, 400L)),
                    List.of(new QuorumReplica(4, 120, 0L, 30L, 30L)), null, null, Map.of(1, "127.0.0.1:9093"));
            // two memories over one file: the second reads what the first wrote
            QuorumMemory.withFile(dir, Clock.systemUTC()).recordAndJudge("training", quorum);
            QuorumMemory.withFile(dir, Clock.systemUTC()).recordAndJudge("training", quorum);
            StateTables.quorum(StateViews.quorum(quorum), 120, false);
            LOG.info("fast-start training: {} message types, quorum history and table loaded", types);
        } catch (IOException | RuntimeException e) {
            LOG.info("fast-start training: part not loaded ({}); the archive holds fewer classes", e.toString());
        } finally {
            if (dir != null) {
                try (Stream<Path> files = Files.walk(dir)) {
                    files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
                } catch (IOException e) {
                    // a temp dir left behind
                }
            }
        }
    }
}
