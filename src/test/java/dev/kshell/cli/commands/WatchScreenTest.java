package dev.kshell.cli.commands;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * {@code watch} on a terminal keeps its top in sight: the header (command, interval, when the last run ended and how
 * long it took) and the report's first line (triage's verdict) stay on screen however long the report, the rest cut
 * to the terminal's height; a run slower than the interval says so on the header instead of leaving the last screen
 * looking current.
 */
@Timeout(60)
class WatchScreenTest {

    /** A watchable report of 40 lines whose first is its verdict; its second run blocks until released. */
    static final class Report extends KshellCommand {
        final AtomicInteger runs = new AtomicInteger();
        final CountDownLatch release = new CountDownLatch(1);

        Report() {
            super(CommandSpec.named("report").group(Group.STATE).description("a long report")
                    .traits(Trait.WATCHABLE));
        }

        @Override
        public ExitCode execute(Invocation inv) throws Exception {
            if (runs.incrementAndGet() == 2) {
                release.await();
            }
            StringBuilder text = new StringBuilder("UNAVAILABLE: 3 leaderless partitions (run " + runs.get() + ")\n");
            for (int i = 1; i < 40; i++) {
                text.append("critical topic t").append(i).append(": no-live-replica\n");
            }
            inv.output().out().print(text);
            return ExitCode.FINDINGS;
        }
    }

    private final Report report = new Report();
    private final StringWriter screen = new StringWriter();
    private CommandLineExecutor executor;

    private CommandLineExecutor.LineResult watch(String line, int height) {
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(report,
                new WatchCommand(provider()))), new ShellSession(t -> null));
        Output terminal = new Output(new PrintWriter(screen, true), new PrintWriter(new StringWriter()), false, false,
                120, true, height);
        return executor.execute(line, terminal, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private Supplier<CommandLineExecutor> provider() {
        return () -> executor;
    }

    private String lastScreen() {
        String all = dev.kshell.render.Safe.terminal(screen.toString()); // as the terminal receives it
        return all.substring(all.lastIndexOf("\u001b[H") + 3).replace("\u001b[K", "").replace("\u001b[J", "");
    }

    @Test
    void should_keep_the_header_and_the_verdict_on_a_short_terminal_and_say_what_was_cut() {
        report.release.countDown();
        watch("watch --interval 200ms --count 1 report", 20);
        List<String> lines = lastScreen().lines().toList();
        assertThat(lines.get(0)).startsWith("every 200ms: report   ").contains(" UTC   run 1/1   took ")
                .endsWith("(q or Ctrl-C to stop)");
        assertThat(lines.get(2)).isEqualTo("UNAVAILABLE: 3 leaderless partitions (run 1)");
        assertThat(lines).hasSizeLessThanOrEqualTo(20);
        assertThat(lines.get(lines.size() - 1)).startsWith("... 23 more lines");
    }

    @Test
    void should_show_the_whole_report_when_the_height_is_unknown() {
        report.release.countDown();
        watch("watch --interval 200ms --count 1 report", 0);
        assertThat(lastScreen()).contains("critical topic t39").doesNotContain("more lines");
    }

    @Test
    void should_say_on_the_header_that_a_run_is_slower_than_its_interval() throws Exception {
        Thread watching = new Thread(() -> watch("watch --interval 200ms --count 2 report", 20));
        watching.start();
        // the second run hangs: the header must stop looking current
        String slow = Await.until("the header saying the run is slow", Duration.ofSeconds(20),
                () -> screen.toString(), s -> s.contains("now running for"));
        assertThat(slow.substring(slow.lastIndexOf("\u001b[H"))).contains("every 200ms: report   last run ")
                .contains("slower than its interval; below is the last run's output");
        report.release.countDown();
        watching.join(TimeUnit.SECONDS.toMillis(20));
        assertThat(watching.isAlive()).isFalse();
        assertThat(lastScreen()).contains("UNAVAILABLE: 3 leaderless partitions (run 2)")
                .contains("(slower than its 200ms interval)");
    }

    @Test
    void should_cut_only_below_the_top() {
        assertThat(WatchCommand.fitted("a\nb\nc\nd\n", 3)).isEqualTo("a\nb\n... 2 more lines (a taller terminal shows "
                + "them; or run the command on its own)\n");
        assertThat(WatchCommand.fitted("a\nb\n", 3)).isEqualTo("a\nb\n");
        assertThat(WatchCommand.fitted("a\nb\nc\n", 0)).isEqualTo("a\nb\nc\n");
    }
}
