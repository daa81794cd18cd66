package dev.kshell.sandbox;

import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.serialization.StringDeserializer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sandbox's consumer groups, each one consumer on its own daemon thread, so that lag and members are real: a
 * classic group, a consumer-protocol group (KIP-848) where the release has it (Kafka 4.0+), and for
 * {@code consumer-stuck} a group that stops reading once it has caught up but stays a member (its partitions paused,
 * its heartbeats going on): its lag grows while it looks healthy.
 */
final class LoadConsumers implements AutoCloseable {

    /** The group on the classic rebalance protocol. */
    static final String CLASSIC_GROUP = "sandbox-classic";
    /** The group on the consumer rebalance protocol (KIP-848). */
    static final String CONSUMER_GROUP = "sandbox-kip848";

    /** What one group's consumer has done. */
    record Stats(String group, String protocol, long consumed, boolean stopped) {
    }

    private final List<Member> members = new ArrayList<>();

    /**
     * @param consumerProtocol whether the cluster serves the consumer protocol (Kafka 4.0+)
     */
    LoadConsumers(String bootstrap, List<String> topics, boolean consumerProtocol) {
        members.add(new Member(bootstrap, CLASSIC_GROUP, "classic", topics, -1));
        if (consumerProtocol) {
            members.add(new Member(bootstrap, CONSUMER_GROUP, "consumer", topics, -1));
        }
    }

    /** Adds a classic group that reads {@code catchUp} records, commits them, then reads no more. */
    void addStuck(String bootstrap, String group, List<String> topics, long catchUp) {
        members.add(new Member(bootstrap, group, "classic", topics, catchUp));
    }

    List<Stats> stats() {
        return members.stream().map(m -> new Stats(m.group, m.protocol, m.consumed.get(), m.stopped)).toList();
    }

    /** Whether {@code group}'s consumer has caught up and stopped reading (consumer-stuck waits for it). */
    boolean stopped(String group) {
        return members.stream().anyMatch(m -> m.group.equals(group) && m.stopped);
    }

    @Override
    public void close() {
        members.forEach(Member::close);
    }

    private static final class Member {
        final String group;
        final String protocol;
        final AtomicLong consumed = new AtomicLong();
        final Thread thread;
        volatile boolean running = true;
        volatile boolean stopped;

        Member(String bootstrap, String group, String protocol, List<String> topics, long stopAfter) {
            this.group = group;
            this.protocol = protocol;
            this.thread = new Thread(() -> loop(bootstrap, topics, stopAfter), "kshell-sandbox-" + group);
            thread.setDaemon(true);
            thread.start();
        }

        private void loop(String bootstrap, List<String> topics, long stopAfter) {
            try (KafkaConsumer<String, String> consumer = new KafkaConsumer<>(properties(bootstrap, group, protocol,
                    stopAfter < 0), new StringDeserializer(), new StringDeserializer())) {
                consumer.subscribe(topics);
                while (running) {
                    int n = consumer.poll(Duration.ofMillis(500)).count();
                    consumed.addAndGet(n);
                    if (stopAfter >= 0 && !stopped && consumed.get() >= stopAfter) {
                        consumer.commitSync(Duration.ofSeconds(10));
                        // still a member (poll keeps it in the group), reading nothing more: stuck, not gone
                        consumer.pause(consumer.assignment());
                        stopped = true;
                    } else if (stopped) {
                        consumer.pause(consumer.assignment());
                    }
                }
            } catch (org.apache.kafka.common.errors.InterruptException | IllegalStateException e) {
                // closing: the shell or a reset stops the load
            } catch (RuntimeException e) {
                org.slf4j.LoggerFactory.getLogger(LoadConsumers.class).warn("sandbox consumer {} stopped: {}", group,
                        e.toString());
            }
        }

        void close() {
            running = false;
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static Properties properties(String bootstrap, String group, String protocol, boolean autoCommit) {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(ConsumerConfig.GROUP_ID_CONFIG, group);
        p.put(ConsumerConfig.GROUP_PROTOCOL_CONFIG, protocol);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "kshell-" + group);
        p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, Boolean.toString(autoCommit));
        p.put(ConsumerConfig.AUTO_COMMIT_INTERVAL_MS_CONFIG, "1000");
        return p;
    }
}
