package dev.kshell;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The README's first sentence says which clusters kshell serves: both modes, the versions it was run against. */
class ReadmeFirstLineTest {

    @Test
    void should_say_kraft_and_zookeeper_mode_from_kafka_2_8_in_the_first_sentence() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        String first = readme.substring(readme.indexOf("An interactive"), readme.indexOf(". ", readme.indexOf("An interactive")))
                .replace('\n', ' ');
        assertThat(first).contains("KRaft and ZooKeeper mode", "Kafka 2.8 to 4.x");
    }
}
