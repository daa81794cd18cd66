package dev.kshell.testsupport;

import java.util.Map;
import java.util.Random;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/** Records written to partition 0 of a topic with acks=all, for tests that need bytes to move or records to lose. */
public final class Produce {

    private Produce() {
    }

    /** {@code kib} records of 1 KiB of random bytes (a move of that size takes minutes at a 10 kB/s throttle). */
    public static void kib(String bootstrap, String topic, int kib) throws Exception {
        Random random = new Random(46);
        send(bootstrap, topic, kib, i -> {
            byte[] value = new byte[1024];
            random.nextBytes(value);
            return value;
        });
    }

    /** {@code n} small records, "record 0" ... */
    public static void records(String bootstrap, String topic, int n) throws Exception {
        send(bootstrap, topic, n, i -> ("record " + i).getBytes());
    }

    private static void send(String bootstrap, String topic, int n, java.util.function.IntFunction<byte[]> value)
            throws Exception {
        try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
                ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap, ProducerConfig.ACKS_CONFIG, "all",
                ProducerConfig.LINGER_MS_CONFIG, "20", ProducerConfig.BATCH_SIZE_CONFIG, "262144",
                ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class,
                ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class))) {
            for (int i = 0; i < n; i++) {
                producer.send(new ProducerRecord<>(topic, 0, null, value.apply(i)));
            }
            producer.flush();
        }
    }
}
