package dev.kshell.runbook;

import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A transcript is stored text: secrets by Kafka's PASSWORD type (and JAAS passwords) never reach it in clear. */
@Timeout(30)
class TranscriptWriterTest {

    @TempDir
    Path dir;

    @Test
    void should_mask_secrets_in_params_steps_outputs_and_the_end_message() throws Exception {
        Path file = dir.resolve("t.jsonl");
        Clock clock = Clock.fixed(Instant.parse("2026-12-01T12:00:00Z"), ZoneOffset.UTC);
        Runbook runbook = new Runbook("fix.ksh", List.of(), List.of(),
                Map.of("topic", "orders", "ssl.keystore.key", "PARAM-KEY-IN-CLEAR"), false);
        try (TranscriptWriter t = TranscriptWriter.open(file, clock)) {
            t.start(runbook, new RunbookOptions(Map.of("sasl.jaas.config", "OVERRIDE-IN-CLEAR"), false, false, false,
                    file));
            t.step(3, "echo", "echo \"sasl.oauthbearer.assertion.private.key.passphrase=STEP-IN-CLEAR\"",
                    "sasl.oauthbearer.assertion.private.key.passphrase=OUTPUT-IN-CLEAR", 0, 1, null);
            t.step(4, "command", "connect --command-config admin.properties",
                    "error: bad JAAS config: sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule"
                            + " required username=\"admin\" password=\"JAAS-IN-CLEAR\";", 2, 5, null);
            t.end(new RunResult(ExitCode.USAGE, "fix.ksh:4", "ssl.keystore.key=END-IN-CLEAR", false, file));
        }
        String written = Files.readString(file);
        System.out.println("[transcript] " + written);
        assertThat(written).doesNotContain("PARAM-KEY-IN-CLEAR", "STEP-IN-CLEAR", "OUTPUT-IN-CLEAR", "JAAS-IN-CLEAR",
                "END-IN-CLEAR");
        List<JsonNode> events = Files.readAllLines(file).stream().map(JsonMapper.builder().build()::readTree).toList();
        assertThat(events).hasSize(4);
        assertThat(events.get(0).get("params").get("topic").asString()).isEqualTo("orders");
        assertThat(events.get(0).get("params").get("ssl.keystore.key").asString()).isEqualTo("****");
        // a JAAS value is masked whole, to its closing semicolon (Secrets)
        assertThat(events.get(2).get("output").asString()).isEqualTo("error: bad JAAS config: sasl.jaas.config=****");
        assertThat(events.get(3).get("message").asString()).isEqualTo("ssl.keystore.key=****");
    }
}
