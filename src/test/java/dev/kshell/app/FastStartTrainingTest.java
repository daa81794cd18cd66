package dev.kshell.app;

import dev.kshell.cluster.ClientClasses;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The fast-start training's extra step loads what it says and leaves nothing behind (no timing: what, not how fast). */
@Timeout(60)
class FastStartTrainingTest {

    @Test
    void should_make_the_message_types_of_the_kafka_client() {
        // a few types cannot be made empty (4 of 95 in kafka-clients 4.4.0): they stay out of the archive, no more
        int all = org.apache.kafka.common.message.ApiMessageType.values().length;
        assertThat(ClientClasses.load()).isGreaterThanOrEqualTo(all * 9 / 10).isLessThanOrEqualTo(all);
    }

    @Test
    void should_leave_no_temporary_directory_behind(@TempDir Path tmp) throws IOException {
        // a temporary directory of this test's own: the machine's is shared with whatever else runs
        String before = System.getProperty("java.io.tmpdir");
        System.setProperty("java.io.tmpdir", tmp.toString());
        try {
            FastStartTraining.run();
        } finally {
            System.setProperty("java.io.tmpdir", before);
        }
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left.filter(p -> p.getFileName().toString().startsWith("kshell-training"))).isEmpty();
        }
    }
}
