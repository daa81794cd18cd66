package dev.kshell.connection;

import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import dev.kshell.testsupport.Required;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

@Timeout(value = 10, unit = TimeUnit.SECONDS)
class ClientPropertiesTest {

    @TempDir
    Path dir;

    @Test
    void should_read_a_kafka_client_properties_file() throws IOException {
        Path file = dir.resolve("client.properties");
        Files.writeString(file, """
                # comment
                security.protocol=SASL_SSL
                sasl.mechanism : PLAIN
                sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required \\
                    username="u" password="p";
                """);

        assertThat(ClientProperties.load(file).orElseThrow()).containsExactly(
                entry("sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"u\" password=\"p\";"),
                entry("sasl.mechanism", "PLAIN"),
                entry("security.protocol", "SASL_SSL"));
    }

    @Test
    void should_name_a_missing_file() {
        Path file = dir.resolve("absent.properties");

        assertThat(ClientProperties.load(file).errors()).singleElement()
                .extracting(SettingsError::format).isEqualTo(file + ": command config file not found");
    }

    @Test
    void should_refuse_a_directory() {
        assertThat(ClientProperties.load(dir).errors()).singleElement()
                .extracting(SettingsError::message).isEqualTo("is a directory, not a client properties file");
    }

    @Test
    void should_name_an_unreadable_file() throws Exception {
        Path file = dir.resolve("locked.properties");
        Files.writeString(file, "a=b\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("---------"));
        if (Files.isReadable(file)) {
            // root (CI runs as root) reads any file: load it as an unprivileged user instead
            assertThat(loadAsNobody(file)).isEqualTo("error: cannot read command config file: permission denied\n");
            return;
        }
        assertThat(ClientProperties.load(file).errors()).singleElement()
                .extracting(SettingsError::message).isEqualTo("cannot read command config file: permission denied");
    }

    /** ClientProperties.load in a child JVM run as user/group 65534 (nobody) by setpriv(1); its printed errors. */
    private String loadAsNobody(Path file) throws Exception {
        Required.tool("setpriv", Files.isExecutable(Path.of("/usr/bin/setpriv")),
                "the permission-denied message, as root reads any file (util-linux's setpriv loads it as nobody)");
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x")); // only the file refuses
        // nobody may not reach the clone's target/ (a checkout inside a private home): its classes, copied here
        String classPath = readableCopy(ClientProperties.class, "main") + File.pathSeparator
                + readableCopy(ClientPropertiesProbeMain.class, "test");
        Process p = new ProcessBuilder("/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xshare:off", "-cp", classPath,
                ClientPropertiesProbeMain.class.getName(), file.toString()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).as(out).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return out;
    }

    /** The class directory {@code type} was loaded from, copied into the (world-readable) temp dir. */
    private Path readableCopy(Class<?> type, String name) throws Exception {
        Path from = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        Path to = dir.resolve("classes-" + name);
        try (Stream<Path> files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path target = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-xr-x"));
                } else {
                    Files.copy(f, target);
                    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r--r--"));
                }
            }
        }
        return to;
    }

    @Test
    void should_report_a_malformed_unicode_escape() throws IOException {
        Path file = dir.resolve("bad.properties");
        Files.writeString(file, "a=\\u12G4\n");

        assertThat(ClientProperties.load(file).errors()).singleElement()
                .extracting(SettingsError::message).asString().startsWith("not a valid properties file");
    }

    @Test
    void should_parse_and_format_durations() {
        assertThat(Durations.parse("10s", "x").orElseThrow()).isEqualTo(Duration.ofSeconds(10));
        assertThat(Durations.parse("1m30s", "x").orElseThrow()).isEqualTo(Duration.ofSeconds(90));
        assertThat(Durations.parse("250ms", "x").orElseThrow()).isEqualTo(Duration.ofMillis(250));
        assertThat(Durations.parse("PT2H", "x").orElseThrow()).isEqualTo(Duration.ofHours(2));
        assertThat(Durations.parse("10", "x").errors()).singleElement().extracting(SettingsError::message)
                .asString().contains("use a number with a unit");
        assertThat(Durations.format(Duration.ofSeconds(3700))).isEqualTo("1h1m40s");
        assertThat(Durations.format(Duration.ofMillis(1500))).isEqualTo("1500ms");
    }
}
