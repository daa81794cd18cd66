package dev.kshell.workflow.check;

import dev.kshell.rules.SnapshotContradictions;
import dev.kshell.model.ClusterSnapshot;

import java.util.concurrent.CancellationException;
import java.util.function.Supplier;

/**
 * Reads a snapshot again while it contradicts itself ({@link SnapshotContradictions}): a moment later the brokers
 * agree. Bounded: at most {@link #ATTEMPTS} more reads, {@link #PAUSE_MS} apart; the last read stands.
 */
public final class ConsistentReads {

    static final int ATTEMPTS = 4;
    static final long PAUSE_MS = 500;

    private ConsistentReads() {
    }

    /**
     * @param first  the snapshot as read
     * @param reread the same read again
     * @return a snapshot without contradictions, or the last one read
     * @throws CancellationException when interrupted while pausing (Ctrl-C)
     */
    public static ClusterSnapshot settle(ClusterSnapshot first, Supplier<ClusterSnapshot> reread) {
        ClusterSnapshot s = first;
        for (int i = 0; i < ATTEMPTS && !SnapshotContradictions.find(s, 1).isEmpty(); i++) {
            try {
                Thread.sleep(PAUSE_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("interrupted while reading the cluster again");
            }
            s = reread.get();
        }
        return s;
    }
}
