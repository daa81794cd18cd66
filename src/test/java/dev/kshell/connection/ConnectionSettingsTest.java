package dev.kshell.connection;

import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ConnectionSettingsTest {

    @TempDir
    Path home;

    @BeforeEach
    void writeFiles() throws IOException {
        Files.writeString(home.resolve("prod.properties"), """
                security.protocol=SASL_SSL
                sasl.mechanism=SCRAM-SHA-512
                sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required \\
                    username="op" password="from-file";
                """);
        Files.writeString(home.resolve("profiles.yaml"), """
                prod:
                  bootstrap-servers: k1:9092,k2:9092
                  command-config: prod.properties
                  properties:
                    sasl.mechanism: SCRAM-SHA-256
                  expected-cluster-id: abc
                  timeout: 10s
                ctl:
                  bootstrap-controllers: c1:9093
                broken:
                  bootstrap-servers: k1:9092
                  command-config: missing.properties
                """);
    }

    private static List<String> messages(Validated<?> outcome) {
        return outcome.errors().stream().map(SettingsError::format).toList();
    }

    @Test
    void should_build_settings_from_a_profile_with_inline_properties_over_the_file() {
        ConnectionSettings s = ConnectionSettings.resolve(ConnectionOptions.profile("prod"), home).orElseThrow();

        assertThat(s.bootstrapServers()).isEqualTo("k1:9092,k2:9092");
        assertThat(s.bootstrapControllers()).isNull();
        assertThat(s.viaControllers()).isFalse();
        assertThat(s.clientProperties()).contains(
                entry("security.protocol", "SASL_SSL"),
                entry("sasl.mechanism", "SCRAM-SHA-256"));
        assertThat(s.clientProperties().get("sasl.jaas.config")).contains("password=\"from-file\"");
        assertThat(s.timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(s.expectedClusterId()).isEqualTo("abc");
        assertThat(s.profileName()).isEqualTo("prod");
        assertThat(s.toString()).doesNotContain("from-file").contains("sasl.jaas.config=****");
    }

    @Test
    void should_build_settings_from_command_line_options() throws IOException {
        Path config = home.resolve("client.properties");
        Files.writeString(config, "security.protocol=SSL\nssl.truststore.password=changeit\n");

        ConnectionSettings s = ConnectionSettings.resolve(ConnectionOptions.bootstrapServer(" h1:9092, h2:9092 ")
                .withCommandConfig(config.toString()).withTimeout("2m"), home).orElseThrow();

        assertThat(s.bootstrapServers()).isEqualTo("h1:9092,h2:9092");
        assertThat(s.target()).isEqualTo("--bootstrap-server h1:9092,h2:9092");
        assertThat(s.clientProperties()).containsExactly(
                entry("security.protocol", "SSL"), entry("ssl.truststore.password", "changeit"));
        assertThat(s.maskedClientProperties()).containsEntry("ssl.truststore.password", "****");
        assertThat(s.timeout()).isEqualTo(Duration.ofMinutes(2));
        assertThat(s.profileName()).isNull();
        assertThat(s.expectedClusterId()).isNull();
    }

    @Test
    void should_connect_to_controllers_directly() {
        ConnectionSettings s = ConnectionSettings.resolve(
                ConnectionOptions.bootstrapController("c1:9093"), home).orElseThrow();

        assertThat(s.viaControllers()).isTrue();
        assertThat(s.bootstrap()).isEqualTo("c1:9093");
        assertThat(s.target()).isEqualTo("--bootstrap-controller c1:9093");
        assertThat(s.timeout()).isEqualTo(ConnectionSettings.DEFAULT_TIMEOUT);
    }

    @Test
    void should_let_options_override_the_profile() {
        ConnectionSettings s = ConnectionSettings.resolve(ConnectionOptions.profile("prod")
                .withBootstrapController("c9:9093").withTimeout("500ms"), home).orElseThrow();

        assertThat(s.bootstrapServers()).isNull();
        assertThat(s.bootstrapControllers()).isEqualTo("c9:9093");
        assertThat(s.timeout()).isEqualTo(Duration.ofMillis(500));
        assertThat(s.expectedClusterId()).isEqualTo("abc");
    }

    @Test
    void should_refuse_both_bootstrap_servers_and_controllers() {
        Validated<ConnectionSettings> out = ConnectionSettings.resolve(
                ConnectionOptions.bootstrapServer("h1:9092").withBootstrapController("c1:9093"), home);

        assertThat(messages(out)).containsExactly("--bootstrap-server: give either --bootstrap-server (brokers)"
                + " or --bootstrap-controller (controllers), not both");
        assertThatThrownBy(() -> new ConnectionSettings("h:1", "c:2", Map.of(), Duration.ofSeconds(1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_require_a_cluster() {
        assertThat(messages(ConnectionSettings.resolve(ConnectionOptions.none(), home))).containsExactly(
                "connect: no cluster given: use --bootstrap-server host:9092, --bootstrap-controller host:9093"
                        + " or --profile NAME");
        assertThatThrownBy(() -> new ConnectionSettings(" ", null, Map.of(), Duration.ofSeconds(1), null, null))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void should_report_every_bad_option_together() {
        Validated<ConnectionSettings> out = ConnectionSettings.resolve(new ConnectionOptions(null, "h1",
                null, home.resolve("nope.properties").toString(), "ten"), home);

        assertThat(messages(out)).containsExactly(
                "--bootstrap-server: entry 'h1' is not host:port",
                home.resolve("nope.properties") + ": command config file not found",
                "--timeout: 'ten' is not a duration; use a number with a unit: 500ms, 10s, 2m, 1h");
    }

    @Test
    void should_refuse_a_missing_keystore_or_a_fifo_command_config_as_settings_errors() throws Exception {
        Path config = home.resolve("ssl.properties");
        Files.writeString(config, "security.protocol=SSL\nssl.keystore.location="
                + home.resolve("gone.jks") + "\nssl.truststore.location=" + home + "\n");
        // was exit 5 with "connect failed: java.nio.file.NoSuchFileException" from the Kafka client
        assertThat(messages(ConnectionSettings.resolve(new ConnectionOptions(null, "h1:9092", null,
                config.toString(), null), home))).containsExactly(
                "ssl.keystore.location " + home.resolve("gone.jks") + ": no such file",
                "ssl.truststore.location " + home + ": is not a regular file");

        Path fifo = home.resolve("client.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        // opening a FIFO blocked the launcher until a writer came
        assertThat(messages(ConnectionSettings.resolve(new ConnectionOptions(null, "h1:9092", null,
                fifo.toString(), null), home))).containsExactly(
                fifo + ": command config file is not a regular file (a FIFO, a device or a socket)");
    }

    @Test
    void should_report_a_profile_command_config_that_is_missing() {
        assertThat(messages(ConnectionSettings.resolve(ConnectionOptions.profile("broken"), home)))
                .containsExactly(home.resolve("missing.properties") + ": command config file not found");
    }

    @Test
    void should_report_an_unknown_profile() {
        assertThat(messages(ConnectionSettings.resolve(ConnectionOptions.profile("dev"), home)))
                .containsExactly("--profile: no profile 'dev' in " + home.resolve("profiles.yaml")
                        + " (known: prod, ctl, broken)");
    }

    @Test
    void should_reject_a_timeout_that_is_not_positive() {
        assertThat(messages(ConnectionSettings.resolve(
                ConnectionOptions.bootstrapServer("h:9092").withTimeout("0s"), home)))
                .containsExactly("--timeout: must be more than zero, got '0s'");
    }
}
