package dev.kshell.cli;

import dev.kshell.render.Safe;

import dev.kshell.cluster.ReadProgress;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.grammar.CommandSpec;
import java.time.Duration;

/**
 * A command's snapshot read reports its batches to a progress line on a terminal (the gateway calls
 * {@link ReadProgress#current()}), erased before the command's output; piped or with --output json, nothing.
 */
@Timeout(20)
class ReadProgressTest {

    /** Stands for a command whose read of 3 batches takes a while (the gateway reports each batch as it lands). */
    private static KshellCommand slowRead() {
        return new KshellCommand(CommandSpec.named("leaderless").description("a slow read")) {
            @Override
            public ExitCode execute(Invocation inv) throws Exception {
                Thread.sleep(ProgressLine.DELAY_MS + 50);
                ReadProgress.current().described(4_000, 10_000, 12_000);
                Thread.sleep(150);
                ReadProgress.current().described(8_000, 10_000, 24_000);
                ReadProgress.current().described(10_000, 10_000, 30_000);
                inv.output().out().print("the table\n");
                return ExitCode.OK;
            }
        };
    }

    private static String[] run(boolean terminal, String line) {
        ShellSession session = new ShellSession(t -> new FakeGateway(UxFixtures.snapshot(List.of())));
        session.connect(FakeGateway.TARGET, "big", null);
        StringWriter screen = new StringWriter();
        PrintWriter both = new PrintWriter(screen, true);
        StringWriter err = new StringWriter();
        Output output = terminal ? new Output(both, both, false, false, 120, true)
                : new Output(both, new PrintWriter(err, true), false, false, 0, false);
        new CommandLineExecutor(CommandLineParser.forCommands(List.of(slowRead())), session)
                .execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
        // what the terminal receives: kshell's own sequences take effect at its writer
        return new String[] {Safe.terminal(screen.toString()), Safe.terminal(err.toString())};
    }

    @Test
    void should_count_the_described_topics_on_a_terminal_and_erase_the_line_before_the_output() {
        String screen = run(true, "leaderless")[0];
        assertThat(screen).contains("\rdescribing: 4,000 / 10,000 topics, 12,000 partitions\u001b[K")
                .contains("\rdescribing: 8,000 / 10,000 topics, 24,000 partitions\u001b[K")
                .endsWith("\r\u001b[Kthe table\n");
    }

    @Test
    void should_print_no_progress_when_piped() {
        String[] piped = run(false, "leaderless");
        assertThat(piped[0]).isEqualTo("the table\n");
        assertThat(piped[1]).isEmpty();
    }

    @Test
    void should_count_down_a_runbook_wait_on_a_terminal_only() throws Exception {
        StringWriter screen = new StringWriter();
        ProgressLine.sleep(new Output(new PrintWriter(screen), new PrintWriter(screen, true), false, false, 80, true),
                "wait-until", Duration.ofMillis(700));
        assertThat(Safe.terminal(screen.toString())).contains("\rwait-until: next check in 1s\u001b[K")
                .endsWith("\r\u001b[K");

        StringWriter piped = new StringWriter();
        long t0 = System.nanoTime();
        ProgressLine.sleep(new Output(new PrintWriter(piped), new PrintWriter(piped, true), false, false, 0, false),
                "wait-until", Duration.ofMillis(400));
        assertThat(piped.toString()).isEmpty();
        assertThat(System.nanoTime() - t0).as("it still sleeps").isGreaterThanOrEqualTo(400_000_000L);
    }

    @Test
    void should_leave_no_listener_behind_after_the_command() {
        run(true, "leaderless");
        assertThat(ReadProgress.current()).isSameAs(ReadProgress.NONE);
    }
}
