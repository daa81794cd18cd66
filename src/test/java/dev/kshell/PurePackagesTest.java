package dev.kshell;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** election/, audit/ and state/ are pure Java: no Kafka client, no Spring (docs/architecture.md). */
@Timeout(10)
class PurePackagesTest {

    @Test
    void should_keep_kafka_and_spring_out_of_election_audit_and_state() throws IOException {
        for (String pkg : List.of("election", "audit", "state")) {
            Path dir = Path.of("src/main/java/dev/kshell", pkg);
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                    assertThat(Files.readAllLines(f)).as(f.toString())
                            .noneMatch(l -> l.startsWith("import org.apache.kafka")
                                    || l.startsWith("import org.springframework"));
                }
            }
        }
    }
}
