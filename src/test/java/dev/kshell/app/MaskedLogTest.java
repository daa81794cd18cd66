package dev.kshell.app;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The log file's layout (KshellLogging, configuring a context of its own) masks secrets in messages and in
 * stack traces: what an unexpected failure or a Kafka client warning quotes never reaches the file in clear.
 */
@Timeout(30)
class MaskedLogTest {

    @TempDir
    Path dir;

    @Test
    void should_mask_password_typed_properties_in_messages_and_stack_traces_of_the_log_file() throws Exception {
        Path file = dir.resolve("kshell.log");
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter()); // a context made by hand has none
        context.putProperty("kshell.log.file", file.toString());
        KshellLogging configurator = new KshellLogging();
        configurator.setContext(context);
        configurator.configure(context);
        try {
            Logger log = context.getLogger("dev.kshell.cli.CommandLineExecutor");
            log.info("command failed (2): bad client property ssl.keystore.key=KEY-IN-CLEAR in {}", "admin.properties");
            log.error("internal error", new IllegalStateException("cannot create the Admin client",
                    new IllegalArgumentException("sasl.jaas.config=org.apache.kafka.common.security.plain."
                            + "PlainLoginModule required username=\"admin\" password=\"JAAS-IN-CLEAR\";"
                            + " sasl.oauthbearer.assertion.private.key.passphrase=PASSPHRASE-IN-CLEAR")));
        } finally {
            context.stop();
        }
        String written = Files.readString(file);
        System.out.println("[masked-log] " + written);
        assertThat(written).doesNotContain("KEY-IN-CLEAR", "JAAS-IN-CLEAR", "PASSPHRASE-IN-CLEAR")
                .contains("ssl.keystore.key=****", "sasl.jaas.config=****",
                        "sasl.oauthbearer.assertion.private.key.passphrase=****",
                        // the stack trace itself is still there, only masked
                        "java.lang.IllegalStateException: cannot create the Admin client", "at dev.kshell.app.MaskedLogTest");
    }
}
