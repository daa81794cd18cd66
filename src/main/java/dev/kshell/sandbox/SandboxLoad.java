package dev.kshell.sandbox;

import java.util.List;

/**
 * The sandbox's background load: the producer ({@link LoadProducer}) and the consumer groups reading what it writes
 * ({@link LoadConsumers}), started and stopped together.
 */
final class SandboxLoad implements AutoCloseable {

    private final LoadProducer producer;
    private final LoadConsumers consumers;

    SandboxLoad(LocalCluster cluster, List<String> topics) {
        this.producer = new LoadProducer(cluster.bootstrapServers(), topics);
        this.consumers = new LoadConsumers(cluster.bootstrapServers(), topics, cluster.runtime().major() >= 4);
    }

    /** The producer's counts, with each consumer group's. */
    LoadStats stats() {
        LoadStats p = producer.stats();
        return new LoadStats(p.running(), p.topics(), p.since(), p.sent(), p.acknowledged(), p.failed(),
                p.failuresByError(), consumers.stats().stream().map(s -> new LoadStats.Consumer(s.group(),
                        s.protocol(), s.consumed(), s.stopped())).toList());
    }

    LoadConsumers consumers() {
        return consumers;
    }

    @Override
    public void close() {
        consumers.close();
        producer.close();
    }
}
