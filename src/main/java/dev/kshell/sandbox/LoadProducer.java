package dev.kshell.sandbox;

import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.StringSerializer;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A background producer at a modest rate (acks=all), like the seed's application loop, so that an operator sees
 * sends fail while a scenario is running and succeed again once it is fixed. Counts results by error type.
 *
 * <p>Timeouts are short (a send fails within ~5 s instead of Kafka's 2 minutes) so that the counts follow the
 * cluster's state closely.
 */
final class LoadProducer implements AutoCloseable {

    /** Sends per topic per second. */
    static final int RATE_PER_TOPIC = 5;

    private final List<String> topics;
    private final KafkaProducer<String, String> producer;
    private final Thread thread;
    private final Instant since = Instant.now();
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong acked = new AtomicLong();
    private final Map<String, Long> failures = new TreeMap<>();
    private volatile boolean running = true;

    LoadProducer(String bootstrapServers, List<String> topics) {
        this.topics = List.copyOf(topics);
        this.producer = new KafkaProducer<>(properties(bootstrapServers), new StringSerializer(), new StringSerializer());
        this.thread = new Thread(this::loop, "kshell-sandbox-load");
        this.thread.setDaemon(true);
        this.thread.start();
    }

    static Properties properties(String bootstrapServers) {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.ACKS_CONFIG, "all");
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "kshell-sandbox-load");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.REQUEST_TIMEOUT_MS_CONFIG, "3000");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, "5000");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, "3000");
        p.put(ProducerConfig.RETRY_BACKOFF_MS_CONFIG, "200");
        return p;
    }

    private void loop() {
        long n = 0;
        long periodMs = Math.max(1, 1000 / RATE_PER_TOPIC);
        while (running) {
            for (String topic : topics) {
                sent.incrementAndGet();
                try {
                    producer.send(new ProducerRecord<>(topic, Long.toString(n % 16), "load-" + n), (meta, error) -> {
                        if (error == null) {
                            acked.incrementAndGet();
                        } else {
                            fail(error);
                        }
                    });
                } catch (RuntimeException e) {
                    fail(e); // metadata for a topic can block, then throw, before a send is queued
                }
            }
            n++;
            try {
                Thread.sleep(periodMs);
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void fail(Throwable error) {
        Throwable root = error;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        synchronized (failures) {
            failures.merge(root.getClass().getSimpleName(), 1L, Long::sum);
        }
    }

    /** What the producer has done so far. */
    LoadStats stats() {
        Map<String, Long> copy;
        synchronized (failures) {
            copy = new TreeMap<>(failures);
        }
        long failed = copy.values().stream().mapToLong(Long::longValue).sum();
        return new LoadStats(running, topics, since, sent.get(), acked.get(), failed, copy);
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(2000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        producer.close(Duration.ofSeconds(1));
    }
}
