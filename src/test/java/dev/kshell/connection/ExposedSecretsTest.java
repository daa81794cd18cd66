package dev.kshell.connection;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

/** A profile file or command-config holding a secret, readable by group or others: one warning line, connect goes on. */
@Timeout(30)
class ExposedSecretsTest {

    @TempDir
    Path home;

    private Path write(String name, String text, String mode) throws Exception {
        Path file = home.resolve(name);
        Files.writeString(file, text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(mode));
        return file;
    }

    private ConnectionRequest.Resolved resolve(String profile, String commandConfig) {
        return new DefaultConnectionResolver(home).resolve(new ConnectionRequest(profile == null ? "b:9092" : null,
                null, commandConfig, profile, null), Duration.ofSeconds(5));
    }

    @Test
    void should_warn_in_one_line_naming_the_file_and_suggesting_chmod_600_when_others_may_read_a_secret() throws Exception {
        Path props = write("admin.properties", "security.protocol=SASL_SSL\nssl.key.password=k3y\n", "rw-r--r--");

        ConnectionRequest.Resolved resolved = resolve(null, props.toString());

        assertThat(resolved.warnings()).containsExactly("warning: " + props + " holds a secret and is readable by "
                + "others (rw-r--r--); chmod 600 " + props);
        assertThat(resolved.endpoints()).isEqualTo("b:9092"); // a warning, not an error
    }

    @Test
    void should_warn_about_a_group_readable_profiles_file_with_an_inline_secret_and_its_command_config()
            throws Exception {
        Path props = write("prod.properties", "sasl.jaas.config=x required password=\"p\";\n", "rw-r-----");
        Path profiles = write("profiles.yaml", """
                prod:
                  bootstrap-servers: b:9092
                  command-config: prod.properties
                  properties: { ssl.truststore.password: changeit }
                """, "rw-r-----");

        assertThat(resolve("prod", null).warnings()).containsExactly(
                "warning: " + profiles + " holds a secret and is readable by its group (rw-r-----); chmod 600 "
                        + profiles,
                "warning: " + props + " holds a secret and is readable by its group (rw-r-----); chmod 600 " + props);
    }

    @Test
    void should_say_nothing_for_a_private_file_or_a_shared_file_without_a_secret() throws Exception {
        Path secret = write("private.properties", "ssl.key.password=k3y\n", "rw-------");
        Path plain = write("plain.properties", "security.protocol=SSL\nssl.key.password=\n", "rw-r--r--");

        assertThat(resolve(null, secret.toString()).warnings()).isEmpty();
        assertThat(resolve(null, plain.toString()).warnings()).isEmpty();
    }
}
