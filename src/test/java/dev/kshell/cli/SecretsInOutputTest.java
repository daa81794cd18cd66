package dev.kshell.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.ExplainCommand;
import dev.kshell.cli.commands.LintCommand;
import dev.kshell.rules.explain.ExplainInSessionFixtures;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** One masking rule over everything a command prints: what kshell quotes back never shows a secret. */
@Timeout(60)
class SecretsInOutputTest {

    @TempDir
    Path tmp;

    private final ShellSession session = new ShellSession(t -> new FakeGateway(ExplainInSessionFixtures.sandboxLike()));
    private final CommandLineExecutor executor = new CommandLineExecutor(CommandLineParser.forCommands(
            List.of(new LintCommand(), new ExplainCommand(session))), session);
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private String run(String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
        return out + "\n" + err;
    }

    @Test
    void should_not_print_secret_values_that_lint_quotes_in_its_fixes() throws Exception {
        Path file = tmp.resolve("broker.properties");
        Files.writeString(file, String.join("\n", "process.roles=broker", "node.id=4",
                "ssl.keystore.password=FIRST-KEYSTORE-PW", "ssl.keystore.password=SECOND-KEYSTORE-PW",
                "zookeeper.ssl.keystore.password=ZK-KEYSTORE-PW",
                "listener.name.sasl_ssl.plain.sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule"
                        + " required username=\"admin\" password=\"JAAS-ADMIN-PW\";",
                "my.custom.secret.token=CUSTOM-TOKEN-PW", ""));

        // was: "keep one line: ssl.keystore.password=SECOND-KEYSTORE-PW", "delete the line zookeeper...=ZK-..."
        for (String format : List.of("", " --output json")) {
            String shown = run("lint " + file + format);
            assertThat(shown).contains("ssl.keystore.password").doesNotContain("KEYSTORE-PW")
                    .doesNotContain("JAAS-ADMIN-PW").doesNotContain("CUSTOM-TOKEN-PW");
        }
    }

    @Test
    void should_not_echo_a_pasted_secret_in_explain_json() {
        String shown = run("explain 'org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed"
                + " sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required username=\"bob\""
                + " password=\"PASTED-PW-1\"; ssl.truststore.password=PASTED-PW-2' --output json");

        assertThat(shown).contains("sasl.jaas.config").doesNotContain("PASTED-PW");
    }
}
