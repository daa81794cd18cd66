package dev.kshell.cli.commands;

import dev.kshell.render.Safe;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.cli.UsageException;
import dev.kshell.cli.Watchable;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.util.Durations;

import java.util.function.Supplier;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import dev.kshell.render.StateViews;
import dev.kshell.util.DaemonThreads;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayDeque;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * {@code watch [--interval 5s] [--count N] COMMAND...}: re-runs a read command through the same executor. On a
 * terminal it redraws in place; piped, it prints a block only when the output changed (so a log shows transitions,
 * not repetition). Ctrl-C interrupts the sleep (or the running command), {@code q} or Ctrl-D ends the wait between
 * runs; either way the watch says it stopped (not an error) and the prompt returns.
 */
public class WatchCommand extends KshellCommand {

    static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(5);
    static final Duration MIN_INTERVAL = Duration.ofMillis(200);

    /** Cursor home; clear to end of line; clear to end of screen; clear the whole screen. */
    // kshell's own screen control, marked so that the writers let it through (render.Safe.own)
    private static final String HOME = Safe.own("\u001b[H");
    private static final String CLEAR_LINE_END = Safe.own("\u001b[K");
    private static final String CLEAR_BELOW = Safe.own("\u001b[J");
    private static final String CLEAR_SCREEN = Safe.own("\u001b[2J");

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

    static final Opt<Duration> INTERVAL = Opt.duration("interval", "time between runs, e.g. 2s (default 5s)")
            .check(d -> d.compareTo(MIN_INTERVAL) >= 0, "watch: --interval must be at least "
                    + Durations.format(MIN_INTERVAL)).orElse(DEFAULT_INTERVAL);
    static final Opt<Integer> COUNT = Opt.integer("count", "stop after N runs (default: until Ctrl-C)")
            .check(n -> n >= 1, "watch: --count must be 1 or more");
    static final Arg<List<String>> COMMAND = Arg.rest("command", ArgKind.READ_COMMAND_LINE,
            "the read command to re-run, with its options").whenMissing("which command? e.g. watch leaderless");

    // A supplier: the executor is made after every command, this one included (app.Assembly).
    private final Supplier<CommandLineExecutor> executor;
    private final Clock clock;
    public WatchCommand(Supplier<CommandLineExecutor> executor) {
        this(executor, Clock.systemUTC());
    }

    WatchCommand(Supplier<CommandLineExecutor> executor, Clock clock) {
        super(CommandSpec.named("watch").group(Group.STATE)
                .description("Re-run a read command every few seconds; redraws in place, q or Ctrl-C stops")
                .options(INTERVAL, COUNT).arguments(COMMAND).traits(Trait.SHELL_ONLY)
                .examples("watch leaderless", "watch --interval 2s quorum", "watch --count 3 under-min-isr --topic orders"));
        this.executor = executor;
        this.clock = clock;
    }

    @Override
    public ExitCode execute(Invocation inv) throws InterruptedException {
        List<String> words = inv.get(COMMAND);
        CommandLineExecutor exec = executor.get();
        CommandLineParser.ParsedCommand parsed = exec.parser().parse(words); // unknown command or option: one line
        KshellCommand watched = parsed.command();
        String refusal = Watchable.refusal(watched, parsed.options().keySet());
        if (refusal != null) {
            throw new UsageException("watch: " + refusal);
        }
        Duration interval = inv.get(INTERVAL);
        Integer count = inv.get(COUNT);
        String line = CommandLineExecutor.join(words);
        // `watch quorum` marks each leader change: listed above the table on a terminal, one line each when piped
        LeaderMarks marks = watched.spec().name().equals("quorum") && !words.contains("--history") ? new LeaderMarks() : null;
        Runs runs = new Runs(inv, exec, words, line, marks, interval, count);
        try {
            while (true) {
                ExitCode code = runs.next();
                if (code == null) {
                    return stopped(inv, "Ctrl-C", runs.done, ExitCode.CANCELLED);
                }
                if (count != null && runs.done >= count) {
                    return code;
                }
                String key = inv.prompter().awaitStopKey(interval);
                if (key != null) {
                    return stopped(inv, key, runs.done, code);
                }
            }
        } catch (InterruptedException e) {
            // Ctrl-C: the REPL cancelled this command's future. Stopping is how a watch ends, not a failure.
            return stopped(inv, "Ctrl-C", runs.done, ExitCode.CANCELLED);
        }
    }

    /**
     * Says that the watch stopped, on the error stream (stdout stays the watched output), without "error:". Ctrl-C
     * exits 130 as shells report SIGINT; {@code q} and Ctrl-D end the watch with what its last run said.
     */
    private static ExitCode stopped(Invocation inv, String how, int runs, ExitCode code) {
        inv.note("watch stopped (" + how + ") after " + runs + " run" + (runs == 1 ? "" : "s"));
        return code;
    }

    /** The runs of one watch: what it re-runs and what the last run printed (a block is printed only on change). */
    private final class Runs {
        private final Invocation inv;
        private final CommandLineExecutor exec;
        private final List<String> words;
        private final String line;
        private final LeaderMarks marks;
        private final Duration interval;
        private final Integer count;
        private String previous;
        int done;

        Runs(Invocation inv, CommandLineExecutor exec, List<String> words, String line, LeaderMarks marks,
             Duration interval, Integer count) {
            this.inv = inv;
            this.exec = exec;
            this.words = words;
            this.line = line;
            this.marks = marks;
            this.interval = interval;
            this.count = count;
        }

        /** Runs the command once and prints it; its exit code, or null when Ctrl-C interrupted the run. */
        ExitCode next() {
            int run = done + 1;
            Output base = inv.output();
            PrintWriter out = base.out();
            boolean redraw = base.terminal() && !base.json();
            StringWriter buffer = new StringWriter();
            PrintWriter into = new PrintWriter(buffer);
            // No progress lines or prompts inside: the output is redrawn as a whole.
            Output inner = new Output(into, into, base.json(), base.color(), base.width(), false);
            Instant started = clock.instant();
            CommandLineExecutor.LineResult outcome = redraw ? runSayingSlow(inner, started)
                    : exec.execute(words, line, inner, Prompter.NONE, inv.mode());
            into.flush();
            if (outcome == null || outcome.code() == ExitCode.CANCELLED || Thread.interrupted()) {
                return null; // Ctrl-C during the run: its half-done output is not shown
            }
            done = run;
            lastEnd = clock.instant();
            lastTook = Duration.between(started, lastEnd);
            String text = buffer.toString();
            String header = "every " + Durations.format(interval) + ": " + line + "   " + TIME.format(lastEnd)
                    + " UTC" + (count == null ? "" : "   run " + run + "/" + count);
            String mark = marks == null ? null : marks.next(outcome, TIME.format(clock.instant()) + " UTC");
            if (redraw) {
                String changes = marks == null ? "" : marks.recent().replace("\n", CLEAR_LINE_END + "\n");
                int headerLines = 2 + (int) changes.lines().count();
                String screen = fitted(text, base.height() - headerLines);
                out.print((run == 1 ? CLEAR_SCREEN : "") + HOME + header + "   " + tookNote() + "   (q or Ctrl-C to stop)"
                        + CLEAR_LINE_END + "\n" + changes + CLEAR_LINE_END + "\n"
                        + screen.replace("\n", CLEAR_LINE_END + "\n") + CLEAR_BELOW);
                out.flush();
            } else if (marks != null && !base.json()) {
                if (mark != null) {
                    out.print(mark + "\n");
                    out.flush();
                }
            } else if (!text.equals(previous)) {
                if (!base.json()) {
                    out.print("# " + header + (previous == null ? "" : "   (changed)") + "\n");
                }
                out.print(text);
                out.flush();
            }
            previous = text;
            return outcome.code();
        }

        private Instant lastEnd;
        private Duration lastTook;

        /** "took 0.4s", and when the last run outlasted the interval, that it is slower than the interval. */
        private String tookNote() {
            String took = "took " + Durations.format(lastTook.truncatedTo(ChronoUnit.MILLIS));
            return lastTook.compareTo(interval) > 0 ? took + " (slower than its " + Durations.format(interval)
                    + " interval)" : took;
        }

        /**
         * The run on a thread of its own, so that while it takes longer than the interval the header says so (the
         * screen below is the last completed run's, and must not look current); null when Ctrl-C stopped it.
         */
        private CommandLineExecutor.LineResult runSayingSlow(Output inner, Instant started) {
            ExecutorService worker = Executors.newSingleThreadExecutor(
                    DaemonThreads.named("kshell-watch"));
            try {
                Future<CommandLineExecutor.LineResult> running = worker.submit(
                        () -> exec.execute(words, line, inner, Prompter.NONE, inv.mode()));
                while (true) {
                    try {
                        return running.get(interval.toMillis(), TimeUnit.MILLISECONDS);
                    } catch (TimeoutException slow) {
                        if (lastEnd != null) { // a first run has nothing on screen to mistake for current
                            Duration so = Duration.between(started, clock.instant()).truncatedTo(
                                    ChronoUnit.SECONDS);
                            inv.output().out().print(HOME + "every " + Durations.format(interval) + ": " + line
                                    + "   last run " + TIME.format(lastEnd) + " UTC   now running for "
                                    + Durations.format(so) + ": slower than its interval; below is the last run's output"
                                    + CLEAR_LINE_END);
                            inv.output().out().flush();
                        }
                    } catch (InterruptedException e) {
                        running.cancel(true);
                        Thread.currentThread().interrupt();
                        return null;
                    } catch (ExecutionException e) {
                        throw new IllegalStateException(e.getCause());
                    }
                }
            } finally {
                worker.shutdownNow();
            }
        }
    }

    /**
     * {@code text} cut to {@code room} lines (when known) with "... N more lines" last: the top, where a report's
     * verdict is, stays on screen instead of scrolling off.
     */
    static String fitted(String text, int room) {
        List<String> lines = text.lines().toList();
        if (room < 2 || lines.size() <= room) {
            return text;
        }
        int shown = room - 1;
        StringBuilder out = new StringBuilder();
        lines.subList(0, shown).forEach(l -> out.append(l).append('\n'));
        return out.append("... ").append(lines.size() - shown).append(" more lines (a taller terminal shows them; ")
                .append("or run the command on its own)\n").toString();
    }

    /**
     * The leader changes {@code watch quorum} has seen: one line per change ("10:01:20 UTC leader changed 1 -> 2
     * (epoch 4 -> 5)"), and the first reading. A read that fails is a line too, once, until the quorum answers again.
     */
    static final class LeaderMarks {
        private static final int SHOWN = 5;
        private final ArrayDeque<String> lines = new ArrayDeque<>();
        private Integer leader;
        private Long epoch;
        private boolean unreadable;

        /** The line for this run, or null when nothing changed. */
        String next(CommandLineExecutor.LineResult outcome, String at) {
            String line = null;
            if (outcome.model() instanceof StateViews.QuorumView q) {
                if (leader == null && !unreadable) {
                    line = at + " leader " + who(q.leaderId()) + " (epoch " + q.leaderEpoch() + ")";
                } else if (unreadable || leader != q.leaderId() || epoch != q.leaderEpoch()) {
                    line = at + (leader == null ? " quorum answers again: leader " + who(q.leaderId()) + " (epoch "
                            + q.leaderEpoch() + ")" : " leader changed " + who(leader) + " -> " + who(q.leaderId())
                            + " (epoch " + epoch + " -> " + q.leaderEpoch() + ")");
                }
                leader = q.leaderId();
                epoch = q.leaderEpoch();
                unreadable = false;
            } else if (!unreadable) {
                unreadable = true;
                line = at + " quorum not readable: " + (outcome.error() == null ? "no answer" : outcome.error());
            }
            if (line != null) {
                lines.addLast(line);
                while (lines.size() > SHOWN) {
                    lines.removeFirst();
                }
            }
            return line;
        }

        private static String who(int id) {
            return id < 0 ? "none" : Integer.toString(id);
        }

        /** The last few lines, for the redrawn screen. */
        String recent() {
            StringBuilder out = new StringBuilder();
            lines.forEach(l -> out.append(l).append('\n'));
            return out.toString();
        }
    }
}
