package dev.kshell.connection;

import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.assertj.core.api.Assertions;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ProfileStoreTest {

    @TempDir
    Path home;

    private Validated<ProfileSet> loadText(String yaml) throws IOException {
        Files.writeString(home.resolve("profiles.yaml"), yaml);
        return ProfileStore.load(home);
    }

    private static List<String> messages(Validated<?> outcome) {
        return outcome.errors().stream().map(SettingsError::format).toList();
    }

    @Test
    void should_read_every_key_of_a_good_file() throws IOException {
        Validated<ProfileSet> out = loadText("""
                # on-call clusters
                prod-eu:
                  bootstrap-servers: kafka-1.eu:9092, kafka-2.eu:9092
                  command-config: prod-eu.properties
                  properties:
                    security.protocol: SASL_SSL
                    sasl.mechanism: SCRAM-SHA-512
                    request.timeout.ms: 15000
                  expected-cluster-id: q1Sh-9_ISia_zwGINzRvyQ
                  timeout: 10s
                prod-eu-controllers:
                  bootstrap-controllers:
                    - ctl-1.eu:9093
                    - ctl-2.eu:9093
                """);

        assertThat(out.isOk()).as(messages(out).toString()).isTrue();
        ProfileSet set = out.orElseThrow();
        assertThat(set.exists()).isTrue();
        assertThat(set.names()).containsExactly("prod-eu", "prod-eu-controllers");

        Profile eu = set.find("prod-eu").orElseThrow();
        assertThat(eu.bootstrapServers()).isEqualTo("kafka-1.eu:9092,kafka-2.eu:9092");
        assertThat(eu.bootstrapControllers()).isNull();
        assertThat(eu.commandConfig()).isEqualTo(home.resolve("prod-eu.properties").toAbsolutePath());
        assertThat(eu.properties()).containsExactly(
                Assertions.entry("security.protocol", "SASL_SSL"),
                Assertions.entry("sasl.mechanism", "SCRAM-SHA-512"),
                Assertions.entry("request.timeout.ms", "15000"));
        assertThat(eu.expectedClusterId()).isEqualTo("q1Sh-9_ISia_zwGINzRvyQ");
        assertThat(eu.timeout()).isEqualTo(Duration.ofSeconds(10));
        assertThat(eu.line()).isEqualTo(2);

        Profile ctl = set.find("prod-eu-controllers").orElseThrow();
        assertThat(ctl.bootstrapControllers()).isEqualTo("ctl-1.eu:9093,ctl-2.eu:9093");
        assertThat(ctl.bootstrapServers()).isNull();
        assertThat(ctl.timeout()).isNull();
        assertThat(ctl.line()).isEqualTo(11);
    }

    @Test
    void should_name_the_unknown_key_its_line_and_the_likely_key() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  bootstrap-server: h2:9092
                  comand-config: x.properties
                """);

        assertThat(messages(out)).containsExactly(
                ProfileStore.file(home) + ":3:3: unknown key 'bootstrap-server' in profile 'prod'"
                        + " (did you mean 'bootstrap-servers'?)",
                ProfileStore.file(home) + ":4:3: unknown key 'comand-config' in profile 'prod'"
                        + " (did you mean 'command-config'?)");
    }

    @Test
    void should_read_the_radars_windows_and_limits() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  cert-warn-days: 30
                  cert-critical-days: 7
                  future-timestamp-max: 10m
                  clock-skew-max: 5s
                plain:
                  bootstrap-servers: h2:9092
                """);

        ProfileSet set = out.orElseThrow();
        assertThat(set.find("prod").orElseThrow().radar()).isEqualTo(new dev.kshell.model.RadarThresholds(30, 7,
                Duration.ofMinutes(10), Duration.ofSeconds(5)));
        assertThat(set.find("plain").orElseThrow().radar()).isNull();
        assertThat(ConnectionSettings.fromProfile(set.find("plain").orElseThrow()).orElseThrow().radarThresholds())
                .isEqualTo(dev.kshell.model.RadarThresholds.DEFAULTS);
    }

    @Test
    void should_say_each_wrong_radar_setting_at_its_line() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  cert-warn-days: soon
                  clock-skew-max: -5s
                wide:
                  bootstrap-servers: h2:9092
                  cert-warn-days: 2
                  cert-critical-days: 5
                """);

        assertThat(messages(out)).hasSize(3);
        assertThat(messages(out).get(0)).contains(":3:3: profile 'prod': cert-warn-days must be a whole number of "
                + "days from 0 to 3650, was 'soon'");
        assertThat(messages(out).get(1)).contains(":4:3: profile 'prod': clock-skew-max");
        assertThat(messages(out).get(2)).contains(":5:1: profile 'wide': cert-critical-days (5) is more than "
                + "cert-warn-days (2)");
    }

    @Test
    void should_list_known_keys_when_nothing_is_close() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  colour: blue
                """);

        assertThat(messages(out)).singleElement().asString()
                .contains(":3:3: unknown key 'colour' in profile 'prod' (known keys: bootstrap-servers,");
    }

    @Test
    void should_report_a_profile_without_bootstrap_at_its_line() throws IOException {
        Validated<ProfileSet> out = loadText("""
                good:
                  bootstrap-servers: h1:9092

                staging:
                  timeout: 5s
                """);

        assertThat(messages(out)).singleElement().asString()
                .startsWith(ProfileStore.file(home) + ":4:")
                .contains("profile 'staging' has neither bootstrap-servers nor bootstrap-controllers");
    }

    @Test
    void should_reject_a_profile_with_both_servers_and_controllers() throws IOException {
        Validated<ProfileSet> out = loadText("""
                both:
                  bootstrap-servers: h1:9092
                  bootstrap-controllers: c1:9093
                """);

        assertThat(messages(out)).singleElement().asString()
                .contains(":1:").contains("sets both bootstrap-servers and bootstrap-controllers");
    }

    @Test
    void should_report_malformed_yaml_with_its_line() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  properties: {security.protocol: SSL
                staging:
                  bootstrap-servers: h2:9092
                """);

        assertThat(out.isOk()).isFalse();
        SettingsError error = out.errors().get(0);
        assertThat(error.source()).isEqualTo(ProfileStore.file(home).toString());
        assertThat(error.line()).isBetween(3, 5);
        assertThat(error.message()).startsWith("invalid YAML: ");
        assertThat(error.format()).matches(".*profiles\\.yaml:\\d+(:\\d+)?: invalid YAML: .*");
    }

    @Test
    void should_report_bad_indentation_with_its_line() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                 timeout: 5s
                """);

        assertThat(out.errors()).singleElement().satisfies(e -> {
            assertThat(e.line()).isEqualTo(3);
            assertThat(e.message()).startsWith("invalid YAML");
        });
    }

    @Test
    void should_collect_every_error_of_the_file() throws IOException {
        Validated<ProfileSet> out = loadText("""
                a:
                  bootstrap-servers: not-a-host-port
                b:
                  bootstrap-controllers: c1:9093
                  timeout: soon
                c: just-a-string
                a:
                  bootstrap-servers: h:9092
                """);

        assertThat(messages(out)).hasSize(4);
        assertThat(messages(out).get(0)).contains(":2:3: profile 'a': bootstrap-servers entry 'not-a-host-port'"
                + " is not host:port");
        assertThat(messages(out).get(1)).contains(":5:3: profile 'b': timeout 'soon' is not a duration");
        assertThat(messages(out).get(2)).contains(":6:1: profile 'c' must be a mapping");
        assertThat(messages(out).get(3)).contains(":7:1: profile 'a' is defined twice");
    }

    @Test
    void should_reject_nested_property_values() throws IOException {
        Validated<ProfileSet> out = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  properties:
                    ssl:
                      truststore: x
                """);

        assertThat(messages(out)).singleElement().asString()
                .contains(":4:5: profile 'prod': property 'ssl' must be a single value, found a mapping");
    }

    @Test
    void should_treat_a_missing_file_as_no_profiles() {
        Validated<ProfileSet> out = ProfileStore.load(home);

        assertThat(out.isOk()).isTrue();
        assertThat(out.orElseThrow().exists()).isFalse();
        assertThat(out.orElseThrow().profiles()).isEmpty();
    }

    @Test
    void should_treat_an_empty_file_as_no_profiles() throws IOException {
        Validated<ProfileSet> out = loadText("# nothing yet\n");

        assertThat(out.orElseThrow().exists()).isTrue();
        assertThat(out.orElseThrow().profiles()).isEmpty();
    }

    @Test
    void should_fail_when_a_profile_is_asked_for_and_the_file_is_missing() {
        Validated<Profile> out = ProfileStore.find(home, "prod");

        assertThat(messages(out)).containsExactly(
                "--profile: no profile 'prod' in " + ProfileStore.file(home) + " (the file does not exist)");
    }

    @Test
    void should_name_the_known_profiles_when_asked_for_an_unknown_one() throws IOException {
        loadText("""
                a:
                  bootstrap-servers: h1:9092
                b:
                  bootstrap-controllers: c1:9093
                """);

        assertThat(messages(ProfileStore.find(home, "x"))).containsExactly(
                "--profile: no profile 'x' in " + ProfileStore.file(home) + " (known: a, b)");
        assertThat(messages(ProfileStore.find(home, "bb"))).singleElement().asString()
                .endsWith("(known: a, b); did you mean 'b'?");
        assertThat(ProfileStore.find(home, "b").orElseThrow().bootstrapControllers()).isEqualTo("c1:9093");
    }

    @Test
    void should_show_the_home_directory_as_a_tilde() {
        String home = System.getProperty("user.home");

        assertThat(SettingsError.display(Path.of(home, ".kshell", "profiles.yaml")))
                .isEqualTo("~/.kshell/profiles.yaml");
    }

    @Test
    void should_render_profiles_for_listing_with_secrets_masked() throws IOException {
        ProfileSet set = loadText("""
                prod:
                  bootstrap-servers: h1:9092
                  properties:
                    sasl.jaas.config: org.apache.kafka.common.security.scram.ScramLoginModule required username="op" password="hunter2";
                    ssl.truststore.password: changeit
                    security.protocol: SASL_SSL
                  timeout: 90s
                """).orElseThrow();

        ProfileView view = ProfileView.of(set).get(0);

        assertThat(view.name()).isEqualTo("prod");
        assertThat(view.target()).isEqualTo("bootstrap-servers h1:9092");
        assertThat(view.properties()).containsExactly(
                Assertions.entry("sasl.jaas.config", "****"),
                Assertions.entry("ssl.truststore.password", "****"),
                Assertions.entry("security.protocol", "SASL_SSL"));
        assertThat(view.timeout()).isEqualTo("1m30s");
        assertThat(view.expectedClusterId()).isNull();
        assertThat(set.profiles().get(0).toString()).doesNotContain("hunter2").doesNotContain("changeit");
    }
}
