package dev.kshell.cluster;

import java.util.concurrent.Callable;

/**
 * Where a snapshot read reports how far it got, for a progress line on the operator's terminal: topic descriptions
 * arrive in batches ({@link AdminClientGateway#batchSize}), each batch reported as it is awaited. The listener is
 * the calling thread's (the command's), set around one command by {@link #reporting}: the gateway's signatures stay
 * as they are, and a read on another thread (the background refresh) reports nothing.
 */
@FunctionalInterface
public interface ReadProgress {

    /**
     * @param topicsDone      topics described so far
     * @param topicsTotal     topics to describe
     * @param partitionsDone  partitions described so far
     */
    void described(int topicsDone, int topicsTotal, long partitionsDone);

    /** Reports nothing. */
    ReadProgress NONE = (done, total, partitions) -> { };

    /** The calling thread's listener, or {@link #NONE}. */
    static ReadProgress current() {
        ReadProgress p = Holder.CURRENT.get();
        return p == null ? NONE : p;
    }

    /** Runs {@code body} with {@code listener} receiving the progress of reads made on this thread. */
    static <T> T reporting(ReadProgress listener, Callable<T> body) throws Exception {
        ReadProgress previous = Holder.CURRENT.get();
        Holder.CURRENT.set(listener);
        try {
            return body.call();
        } finally {
            if (previous == null) {
                Holder.CURRENT.remove();
            } else {
                Holder.CURRENT.set(previous);
            }
        }
    }

    /** The thread-local behind {@link #current()} (an interface cannot hold a private field). */
    final class Holder {
        private static final ThreadLocal<ReadProgress> CURRENT = new ThreadLocal<>();

        private Holder() {
        }
    }
}
