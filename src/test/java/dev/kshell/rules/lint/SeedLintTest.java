package dev.kshell.rules.lint;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;
import java.nio.file.Files;
import java.util.Properties;

/** The seed incident's configuration (src/test/resources/lint/seed-broken) and its correction (seed-fixed). */
@Timeout(60)
class SeedLintTest {

    private static final List<String> NODES = List.of("controller-1", "controller-2", "controller-3",
            "broker-4", "broker-5", "broker-6");

    private static Path dir(String set) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(SeedLintTest.class.getResource("/lint/" + set + "/broker-4.properties"))
                .toURI()).getParent();
    }

    private static List<Path> files(Path dir) {
        return NODES.stream().map(n -> dir.resolve(n + ".properties")).toList();
    }

    @Test
    void should_flag_every_seed_mistake() throws URISyntaxException {
        Path dir = dir("seed-broken");
        LintReport report = new ServerPropertiesLinter().lint(files(dir));
        String c1 = dir.resolve("controller-1.properties").toString();
        String c2 = dir.resolve("controller-2.properties").toString();
        String b4 = dir.resolve("broker-4.properties").toString();
        String b5 = dir.resolve("broker-5.properties").toString();
        String b6 = dir.resolve("broker-6.properties").toString();
        assertThat(report.findings()).extracting(Finding::severity, Finding::rule, Finding::where).containsExactly(
                // controllers all on 9393 while the voters say 9193/9293/9393
                tuple(Severity.ERROR, "controller-port-mismatch", c1 + ":10"),
                tuple(Severity.ERROR, "duplicate-bind", c1 + ":10"),
                tuple(Severity.ERROR, "controller-port-mismatch", c2 + ":10"),
                tuple(Severity.ERROR, "duplicate-bind", c2 + ":10"),
                // RF 2 / min.isr 2: one dead broker stops offset commits, transactions and acks=all producers
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b4 + ":24"),
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b4 + ":25"),
                // the share-group state topic with RF 2 (min ISR 1): writable after one death, no longer redundant
                tuple(Severity.WARNING, "internal-topic-rf-low", b4 + ":27"),
                tuple(Severity.WARNING, "default-topic-not-fault-tolerant", b4 + ":31"),
                // brokers all on 9492, all advertising localhost:9492
                tuple(Severity.ERROR, "duplicate-bind", b5 + ":10"),
                tuple(Severity.ERROR, "duplicate-advertised", b5 + ":11"),
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b5 + ":24"),
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b5 + ":25"),
                tuple(Severity.WARNING, "internal-topic-rf-low", b5 + ":27"),
                tuple(Severity.WARNING, "default-topic-not-fault-tolerant", b5 + ":31"),
                tuple(Severity.ERROR, "duplicate-bind", b6 + ":10"),
                tuple(Severity.ERROR, "duplicate-advertised", b6 + ":11"),
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b6 + ":24"),
                tuple(Severity.WARNING, "internal-topic-not-fault-tolerant", b6 + ":25"),
                tuple(Severity.WARNING, "internal-topic-rf-low", b6 + ":27"),
                tuple(Severity.WARNING, "default-topic-not-fault-tolerant", b6 + ":31"));
        assertThat(report.findings()).extracting(Finding::fix).contains(
                "set listeners=CONTROLLER://:9193 to match controller.quorum.voters 1@localhost:9193",
                "set listeners=CONTROLLER://:9293 to match controller.quorum.voters 2@localhost:9293");
        assertThat(report.findings()).filteredOn(f -> f.where().equals(b5 + ":10")).extracting(Finding::fix)
                .singleElement().asString().startsWith("set listeners=PLAINTEXT://:9592");
        assertThat(report.findings()).filteredOn(f -> f.where().equals(b6 + ":11")).extracting(Finding::fix)
                .singleElement().asString().startsWith("set advertised.listeners=PLAINTEXT://localhost:9692");
        assertThat(report.findings()).filteredOn(f -> f.where().equals(b4 + ":24")).extracting(Finding::fix)
                .singleElement().asString().startsWith("set offsets.topic.replication.factor=3");
        assertThat(report.counts()).containsEntry(Severity.ERROR, 8).containsEntry(Severity.WARNING, 12)
                .containsEntry(Severity.INFO, 0);
        assertThat(report.exitCode()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_find_nothing_above_info_in_the_fixed_seed() throws URISyntaxException {
        LintReport report = new ServerPropertiesLinter().lint(files(dir("seed-fixed")));
        assertThat(report.atLeast(Severity.WARNING)).isEmpty();
        assertThat(report.unreadable()).isEmpty();
        assertThat(report.filesRead()).hasSize(6);
        assertThat(report.exitCode()).isEqualTo(ExitCode.OK);
    }

    @Test
    void should_agree_with_kafka_that_the_fixed_seed_is_valid() throws Exception {
        // Kafka's own validation (KafkaConfig.fromProps) must accept every corrected file.
        for (Path p : files(dir("seed-fixed"))) {
            Properties props = new Properties();
            try (var in = Files.newInputStream(p)) {
                props.load(in);
            }
            Class<?> kafkaConfig = Class.forName("kafka.server.KafkaConfig");
            kafkaConfig.getMethod("fromProps", Properties.class).invoke(null, props);
        }
    }
}
