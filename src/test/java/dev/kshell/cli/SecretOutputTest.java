package dev.kshell.cli;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.testsupport.RunbookHarness;
import dev.kshell.testsupport.ShellHarness.Result;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.rules.Snapshots;

/**
 * Secrets never reach the terminal in clear: not in {@code --stacktrace}'s trace, not in a runbook's echo, step
 * output, step question or transcript, on stdout and stderr alike; a value with spaces and a PEM key are masked whole.
 */
@Timeout(30)
class SecretOutputTest {

    private static final String JAAS = "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule"
            + " required username=\"u\" password=\"JAAS-PW\";";
    private static final String PEM = "ssl.keystore.key=-----BEGIN PRIVATE KEY----- MIIE-PEM-BODY"
            + " -----END PRIVATE KEY-----";

    @TempDir
    Path tmp;

    private final ShellSession session = new ShellSession(t -> new FakeGateway(Snapshots.seedIncident()));
    private final RunbookHarness shell = new RunbookHarness(session, s -> List.of(new Leak(), new Boom(), new WarnThenFail()));
    private String previousHome;

    @BeforeEach
    void home() {
        previousHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", tmp.resolve("home").toString());
        session.connect(FakeGateway.TARGET, "seed", null);
    }

    @AfterEach
    void close() {
        shell.close();
        if (previousHome == null) {
            System.clearProperty("kshell.home");
        } else {
            System.setProperty("kshell.home", previousHome);
        }
    }

    @Test
    void should_mask_the_stack_trace_and_the_message_printed_by_stacktrace() {
        Result r = shell.run("boom --stacktrace");

        assertThat(r.code()).isEqualTo(ExitCode.INTERNAL);
        assertThat(r.err()).contains("java.lang.IllegalStateException", "at dev.kshell.cli.SecretOutputTest$Boom.execute",
                        "ssl.keystore.key=****", "sasl.jaas.config=****", "ssl.key.password=****")
                .doesNotContain("MIIE-PEM-BODY", "JAAS-PW", "two words", "words");
    }

    @Test
    void should_mask_a_runbook_echo_step_output_and_questions_on_both_streams_and_in_the_transcript() throws IOException {
        Path rb = tmp.resolve("leaky.ksh");
        Files.writeString(rb, """
                param token = default-token-value
                echo "the token is ${token}, the jaas line: %s"
                echo "%s"
                leak password=correct horse battery staple
                """.formatted(JAAS.replace("\"", "'"), PEM));
        Path transcript = tmp.resolve("t.jsonl");

        Result r = shell.run("run " + rb + " --param token=TOK-31415 --transcript " + transcript);

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        String both = r.out() + r.err();
        assertThat(both).contains("the token is ****", "sasl.jaas.config=****", "ssl.keystore.key=****",
                        "stdout: password=****", "stderr: password=****")
                .doesNotContain("TOK-31415", "JAAS-PW", "MIIE-PEM-BODY", "horse", "battery");
        String stored = Files.readString(transcript);
        assertThat(stored).contains("****").doesNotContain("TOK-31415", "JAAS-PW", "MIIE-PEM-BODY", "horse");
    }

    @Test
    void should_mask_a_runbook_param_named_as_a_secret_in_a_refused_check_too() throws IOException {
        Path rb = tmp.resolve("bad.ksh");
        Files.writeString(rb, "nosuchcommand ${api_token}\n");

        Result r = shell.run("run " + rb + " --param api_token=TOK-27182");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(r.out() + r.err()).doesNotContain("TOK-27182");
        assertThat(KshellHome.dir()).isEqualTo(tmp.resolve("home"));
    }

    @Test
    void should_say_why_a_step_failed_by_its_error_line_not_a_warning_before_it() throws IOException {
        Path rb = tmp.resolve("warned.ksh");
        Files.writeString(rb, "warnfail\n");

        Result r = shell.run("run " + rb);

        assertThat(r.out() + r.err()).contains("'warnfail' failed with exit 2: error: the real reason");
    }

    /** Warns (as connect does about a file others may read), then fails. */
    static final class WarnThenFail extends KshellCommand {
        WarnThenFail() {
            super(CommandSpec.named("warnfail").description("warns, then fails (test)"));
        }

        @Override
        public ExitCode execute(Invocation inv) {
            inv.note("warning: /home/op/admin.properties holds a secret and is readable by others");
            throw new UsageException("the real reason");
        }
    }

    /** Prints its words to stdout and stderr, as a command quoting a property would. */
    static final class Leak extends KshellCommand {
        static final Arg<List<String>> WORDS = Arg.many("words", ArgKind.TEXT, "anything");

        Leak() {
            super(CommandSpec.named("leak").description("prints its words (test)").arguments(WORDS));
        }

        @Override
        public ExitCode execute(Invocation inv) {
            String words = String.join(" ", inv.get(WORDS));
            inv.output().out().println("stdout: " + words);
            inv.output().err().println("stderr: " + words);
            return ExitCode.OK;
        }
    }

    /** Fails unexpectedly with secrets in its messages: a value with spaces, a JAAS line, a PEM key. */
    static final class Boom extends KshellCommand {
        Boom() {
            super(CommandSpec.named("boom").description("fails (test)"));
        }

        @Override
        public ExitCode execute(Invocation inv) {
            throw new IllegalStateException("cannot build the client: ssl.key.password=two words",
                    new IllegalArgumentException(JAAS + "\n" + PEM));
        }
    }
}
