package dev.kshell.cluster;

import dev.kshell.util.DaemonThreads;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * One short call per node (a probe, a handshake, an ApiVersions request), all at once on daemon threads, each
 * result in the order asked, the whole bounded: a call still running at the bound is given up on, so that one
 * frozen node never holds the others' answers.
 */
final class EachNode {

    private static final int MAX_THREADS = 16;

    private EachNode() {
    }

    /**
     * @param bound  how long the calls may take together
     * @param call   the call for one target (it keeps its own, shorter deadline)
     * @param failed the result for a target whose call did not end by the bound or failed (true: interrupted)
     */
    static <T, R> List<R> ask(List<T> targets, Duration bound, String threadName, Function<T, R> call,
                              BiFunction<T, Boolean, R> failed) {
        if (targets.isEmpty()) {
            return List.of();
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(targets.size(), MAX_THREADS),
                DaemonThreads.named(threadName));
        try {
            List<Future<R>> futures = new ArrayList<>();
            targets.forEach(t -> futures.add(pool.submit(() -> call.apply(t))));
            List<R> out = new ArrayList<>();
            long until = System.nanoTime() + bound.toNanos();
            for (int i = 0; i < targets.size(); i++) {
                try {
                    out.add(futures.get(i).get(Math.max(1, until - System.nanoTime()), TimeUnit.NANOSECONDS));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    out.add(failed.apply(targets.get(i), true));
                } catch (Exception e) {
                    out.add(failed.apply(targets.get(i), false));
                }
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }
}
