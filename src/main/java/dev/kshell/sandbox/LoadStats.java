package dev.kshell.sandbox;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What the sandbox's background producer has done.
 *
 * @param running          true while the producer sends
 * @param topics           the topics it writes to (round robin, {@value LoadProducer#RATE_PER_TOPIC} records/s each)
 * @param since            when it started
 * @param sent             records handed to the producer
 * @param acknowledged     records the cluster acknowledged (acks=all)
 * @param failed           records that failed
 * @param failuresByError  failed records by the simple class name of the root error
 *                         ({@code NotEnoughReplicasException}, {@code TimeoutException}, ...)
 * @param consumers        the consumer groups reading what it writes
 */
public record LoadStats(boolean running, List<String> topics, Instant since, long sent, long acknowledged, long failed,
                        Map<String, Long> failuresByError, List<Consumer> consumers) {

    public LoadStats {
        consumers = consumers == null ? List.of() : List.copyOf(consumers);
    }

    /** The producer's counts alone. */
    public LoadStats(boolean running, List<String> topics, Instant since, long sent, long acknowledged, long failed,
                     Map<String, Long> failuresByError) {
        this(running, topics, since, sent, acknowledged, failed, failuresByError, List.of());
    }

    /**
     * One consumer group of the load.
     *
     * @param group    its id
     * @param protocol "classic" or "consumer" (KIP-848)
     * @param consumed records it read
     * @param stopped  true when it stopped reading on purpose ({@code consumer-stuck})
     */
    public record Consumer(String group, String protocol, long consumed, boolean stopped) {
    }

    /** Sent but neither acknowledged nor failed yet. */
    public long inFlight() {
        return Math.max(0, sent - acknowledged - failed);
    }
}
