package dev.kshell.runbook;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

import dev.kshell.model.ExitCode;
import dev.kshell.runbook.ExpressionEvaluator.Bindings;
import dev.kshell.runbook.ExpressionEvaluator.EvaluationFailure;
import dev.kshell.runbook.RunbookPrompter.StepChoice;
import dev.kshell.util.Durations;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs a parsed {@link Runbook}: steps in order, each echoed with its line number, stopping at the first failed
 * step (exit 2-5, 70), false assertion or wait-until timeout (exit 1) with its code and {@code file:line}. A
 * command's exit 1 (findings) does not stop the run: its model becomes {@code result} for the next assert.
 *
 * <p>Before step 1 it checks the guards, so that a run that would be refused is refused before anything mutates:
 * {@code elect unclean} needs the file's {@code allow unclean} and (except in a dry run) the run's --yes or a
 * terminal, where the step asks for the typed confirmation when it comes ({@code --step} always asks it);
 * {@code confirm} and mutating steps need a terminal or --yes (not in a dry run); --step needs a terminal.
 *
 * <p>Ctrl-C: the shell interrupts the running thread. Between steps, in a wait, a prompt, or inside a step (the
 * {@link StepRunner} throws InterruptedException) the run stops at once with {@link RunResult#interrupted()}; the
 * interrupt is consumed, not re-asserted, so the REPL can carry on. Not thread-safe: one run per instance at a time.
 */
public final class RunbookExecutor {

    private static final int MAX_SHOWN = 300;

    private final StepRunner runner;
    private final RunbookPrompter prompter;
    private final Supplier<ClusterView> cluster;
    private final PrintWriter out;
    private final Clock clock;
    private final Sleeper sleeper;
    private final Path transcriptDir;
    private final ExpressionEvaluator evaluator = new ExpressionEvaluator();
    private final Refusals refusals;

    /** Told of a run refused before step 1 (the shell writes it to the audit log: an attempt to change a cluster). */
    @FunctionalInterface
    public interface Refusals {
        Refusals NONE = (runbook, origin, reason) -> { };

        void refusedBeforeStep1(Runbook runbook, String origin, String reason);
    }

    /**
     * @param cluster       a fresh view per call (a new snapshot); called only when an expression uses {@code cluster}
     * @param out           where the run's own lines go (step echoes, echo, waits, the summary)
     * @param transcriptDir where transcripts go unless --transcript names a file ({@code ~/.kshell/transcripts})
     */
    public RunbookExecutor(StepRunner runner, RunbookPrompter prompter, Supplier<ClusterView> cluster, PrintWriter out,
            Clock clock, Sleeper sleeper, Path transcriptDir) {
        this(runner, prompter, cluster, out, clock, sleeper, transcriptDir, Refusals.NONE);
    }

    /** @param refusals told of a run refused before step 1 */
    public RunbookExecutor(StepRunner runner, RunbookPrompter prompter, Supplier<ClusterView> cluster, PrintWriter out,
            Clock clock, Sleeper sleeper, Path transcriptDir, Refusals refusals) {
        this.refusals = Objects.requireNonNull(refusals);
        this.runner = Objects.requireNonNull(runner);
        this.prompter = Objects.requireNonNull(prompter);
        this.cluster = cluster;
        this.out = Objects.requireNonNull(out);
        this.clock = Objects.requireNonNull(clock);
        this.sleeper = Objects.requireNonNull(sleeper);
        this.transcriptDir = Objects.requireNonNull(transcriptDir);
    }

    /** Why a run stops early; carried up from a step to {@link #execute}. */
    private record Stop(ExitCode code, int line, String message, boolean interrupted) {
    }

    /** Runs the runbook. Never throws for failures of steps, the cluster or the transcript. */
    public RunResult execute(Runbook runbook, RunbookOptions options) {
        TranscriptWriter transcript = openTranscript(runbook, options);
        Run run = new Run(runbook, options, transcript);
        Stop stop;
        try {
            stop = preflight(runbook, options).orElse(null);
            if (stop != null) {
                run.record(stop.line(), "guard", "", stop.message(), stop.code().code(), 0, null);
                if (stop.code() == ExitCode.REFUSED) {
                    refusals.refusedBeforeStep1(runbook, stop.line() > 0 ? runbook.origin(stop.line())
                            : runbook.fileName(), stop.message());
                }
            } else {
                stop = run.steps();
            }
        } catch (RuntimeException e) {
            stop = new Stop(ExitCode.INTERNAL, 0, "internal error: " + e, false);
        }
        RunResult result;
        if (stop == null) {
            result = new RunResult(ExitCode.OK, null, "done: " + run.commands + " command step(s)"
                    + (run.findings > 0 ? ", " + run.findings + " with findings" : "")
                    + (options.dryRun() ? " (dry run: mutations only planned)" : ""), false, run.transcriptFile());
            out.println("runbook " + runbook.fileName() + " " + result.message() + ", exit 0");
        } else {
            String at = stop.line() > 0 ? runbook.origin(stop.line()) : runbook.fileName();
            result = new RunResult(stop.code(), at, stop.message(), stop.interrupted(), run.transcriptFile());
            out.println("runbook stopped at " + at + " (exit " + stop.code().code() + "): " + stop.message());
        }
        if (transcript != null) {
            try {
                transcript.end(result);
                transcript.close();
            } catch (IOException e) {
                out.println("warning: transcript " + transcript.file() + ": " + e.getMessage());
            }
        }
        out.flush();
        return result;
    }

    private TranscriptWriter openTranscript(Runbook runbook, RunbookOptions options) {
        try {
            TranscriptWriter t = options.transcript() != null ? TranscriptWriter.open(options.transcript(), clock)
                    : TranscriptWriter.create(transcriptDir, runbook.fileName(), clock);
            t.start(runbook, options);
            return t;
        } catch (IOException | RuntimeException e) {
            // An incident is no time to be blocked by a full disk: say so loudly and run without a transcript.
            out.println("warning: no transcript for this run: " + e.getMessage());
            return null;
        }
    }

    /** The guards that must hold before step 1. */
    private Optional<Stop> preflight(Runbook runbook, RunbookOptions options) {
        boolean interactive = prompter.isInteractive();
        if (options.step() && !interactive) {
            return Optional.of(new Stop(ExitCode.USAGE, 0, "--step needs a terminal to ask at", false));
        }
        for (Step s : runbook.steps()) {
            if (s instanceof Step.Command c && c.unclean()) {
                if (!runbook.allowUnclean()) {
                    return Optional.of(new Stop(ExitCode.REFUSED, c.line(), "refused before any step ran: '"
                            + c.commandLine() + "' is an unclean election and the runbook does not declare "
                            + "'allow unclean' (safer: wait for an in-sync replica, or elect preferred)", false));
                }
                // At a terminal the step asks for the typed confirmation when it comes; without one, --yes is
                // the only other way.
                if (!options.yes() && !options.dryRun() && !interactive) {
                    return Optional.of(new Stop(ExitCode.REFUSED, c.line(), "refused before any step ran: '"
                            + c.commandLine() + "' is an unclean election; the runbook allows it, but the run "
                            + "needs --yes too, or a terminal to type the confirmation at", false));
                }
            }
        }
        if (!options.yes() && !options.dryRun() && !interactive) {
            for (Step s : runbook.steps()) {
                if (s instanceof Step.Confirm || s instanceof Step.Command c && c.mutating()) {
                    String what = s instanceof Step.Confirm ? "asks for confirmation" : "changes the cluster";
                    return Optional.of(new Stop(ExitCode.REFUSED, s.line(), "refused before any step ran: line "
                            + s.line() + " " + what + " and there is no terminal to answer; pass --yes, or "
                            + "--dry-run to see the plan", false));
                }
            }
        }
        return Optional.empty();
    }

    /** The state of one run. */
    private final class Run {
        final Runbook runbook;
        final RunbookOptions options;
        final TranscriptWriter transcript;
        Object result;
        /** In a dry run, {@code result} is the plan of a mutation that did not happen. */
        boolean resultIsPlan;
        int commands;
        int findings;
        private final StringBuilder stepOut = new StringBuilder();

        Run(Runbook runbook, RunbookOptions options, TranscriptWriter transcript) {
            this.runbook = runbook;
            this.options = options;
            this.transcript = transcript;
        }

        Path transcriptFile() {
            return transcript == null ? null : transcript.file();
        }

        Stop steps() {
            for (Step step : runbook.steps()) {
                if (Thread.interrupted()) {
                    return interrupted(step.line(), "before this step");
                }
                stepOut.setLength(0);
                Instant started = clock.instant();
                Stop stop;
                try {
                    if (step instanceof Step.Command c) {
                        stop = command(c, started);
                    } else if (step instanceof Step.Echo e) {
                        say(e.message());
                        record(e.line(), "echo", e.text(), stepOut.toString(), 0, started, null);
                        stop = null;
                    } else if (step instanceof Step.Assert a) {
                        stop = check(a, started);
                    } else if (step instanceof Step.WaitUntil w) {
                        stop = waitUntil(w, started);
                    } else {
                        stop = confirm((Step.Confirm) step, started);
                    }
                } catch (InterruptedException e) {
                    Thread.interrupted(); // consumed: the REPL goes on
                    stop = interrupted(step.line(), "during this step");
                    record(step.line(), kind(step), step.text(), stepOut.toString(), null, started, "interrupted");
                }
                if (stop != null) {
                    return stop;
                }
            }
            return null;
        }

        private Stop command(Step.Command c, Instant started) throws InterruptedException {
            say("[" + c.line() + "] " + c.commandLine()
                    + (options.dryRun() && c.mutating() ? "    (dry run: plan only)" : ""));
            if (options.step()) {
                StepChoice choice = prompter.askStep(runbook.origin(c.line()), c.commandLine());
                if (choice == StepChoice.SKIP) {
                    say("  skipped");
                    record(c.line(), "command", c.commandLine(), stepOut.toString(), null, started, "skipped");
                    return null;
                }
                if (choice != StepChoice.YES) {
                    record(c.line(), "command", c.commandLine(), stepOut.toString(), null, started, "aborted");
                    return new Stop(ExitCode.REFUSED, c.line(), "aborted by the operator (--step)", false);
                }
            }
            // --step --yes: the operator answers each step, so an unclean step gets the typed confirmation, never
            // only the step's single y.
            boolean yes = options.yes() && !(c.unclean() && options.step());
            StepContext ro = new StepContext(yes, options.dryRun(), runbook.allowUnclean(),
                    runbook.origin(c.line()), options.step());
            StepOutcome outcome;
            try {
                outcome = runner.run(c.commandLine(), ro);
            } catch (RuntimeException e) {
                outcome = new StepOutcome(ExitCode.INTERNAL.code(), "internal error: " + e, null);
                say(outcome.output());
            }
            if (outcome == null) {
                outcome = new StepOutcome(ExitCode.INTERNAL.code(), "the step returned nothing", null);
            }
            commands++;
            ExitCode code = ExitCode.of(outcome.exitCode());
            String output = stepOut + outcome.output();
            resultIsPlan = options.dryRun() && c.mutating();
            try {
                result = ModelTree.toPlain(outcome.model());
            } catch (RuntimeException e) {
                record(c.line(), "command", c.commandLine(), output, outcome.exitCode(), started, null);
                return new Stop(ExitCode.INTERNAL, c.line(), "cannot read the command's JSON model: " + e, false);
            }
            record(c.line(), "command", c.commandLine(), output, outcome.exitCode(), started, null);
            if (Thread.interrupted()) {
                return interrupted(c.line(), "during this step");
            }
            if (code == ExitCode.FINDINGS) {
                findings++;
            }
            if (code != ExitCode.OK && code != ExitCode.FINDINGS) {
                return new Stop(code, c.line(), "'" + c.commandLine() + "' failed with exit " + outcome.exitCode()
                        + firstLine(outcome.output()), false);
            }
            return null;
        }

        private Stop check(Step.Assert a, Instant started) {
            say("[" + a.line() + "] " + a.text());
            ExpressionEvaluator.Check check;
            try {
                check = evaluator.check(a.expression(), bindings());
            } catch (EvaluationFailure e) {
                if (resultIsPlan) {
                    say("  (dry run) cannot judge a planned mutation: " + e.getMessage());
                    record(a.line(), "assert", a.text(), stepOut.toString(), null, started, "dry run: not judged");
                    return null;
                }
                record(a.line(), "assert", a.text(), stepOut + e.getMessage(), failureCode(e).code(), started, null);
                return new Stop(failureCode(e), a.line(), e.getMessage(), false);
            }
            if (check.value()) {
                record(a.line(), "assert", a.text(), stepOut.toString(), 0, started, null);
                return null;
            }
            String operands = check.operands();
            String why = (a.message() != null ? a.message() : "assertion failed: " + a.expression().source())
                    + (operands.isEmpty() ? "" : " (" + operands + ")");
            if (options.dryRun()) {
                say("  (dry run) false: " + why + "; a real run would stop here");
                record(a.line(), "assert", a.text(), stepOut.toString(), 1, started, "dry run: not stopping");
                return null;
            }
            say("  false: " + why);
            record(a.line(), "assert", a.text(), stepOut.toString(), 1, started, null);
            return new Stop(ExitCode.FINDINGS, a.line(), why, false);
        }

        private Stop waitUntil(Step.WaitUntil w, Instant started) throws InterruptedException {
            say("[" + w.line() + "] " + w.text());
            Instant deadline = clock.instant().plus(w.timeout());
            // The view the last evaluation read: on a timeout it says how the cluster stood, not only "false".
            AtomicReference<ClusterView> lastView = new AtomicReference<>();
            Supplier<ClusterView> tracked = cluster == null ? null : () -> {
                lastView.set(null);
                ClusterView view = cluster.get();
                lastView.set(view);
                return view;
            };
            String last = null;
            String lastOperands = "";
            boolean lastWasClusterError = false;
            int polls = 0;
            while (true) {
                polls++;
                String seen;
                try {
                    lastView.set(null);
                    ExpressionEvaluator.Check check = evaluator.check(w.expression(),
                            new Bindings(result, runbook.values(), tracked));
                    if (check.value()) {
                        say("  true after " + elapsed(Duration.between(started, clock.instant()))
                                + " (" + polls + " check" + (polls == 1 ? "" : "s") + ")");
                        record(w.line(), "wait-until", w.text(), stepOut.toString(), 0, started, null);
                        return null;
                    }
                    seen = "false" + (check.operands().isEmpty() ? "" : " (" + check.operands() + ")");
                    lastOperands = check.operands();
                    lastWasClusterError = false;
                } catch (EvaluationFailure e) {
                    if (!e.clusterUnavailable() && resultIsPlan) {
                        say("  (dry run) cannot judge a planned mutation: " + e.getMessage());
                        record(w.line(), "wait-until", w.text(), stepOut.toString(), null, started,
                                "dry run: not judged");
                        return null;
                    }
                    if (!e.clusterUnavailable()) {
                        record(w.line(), "wait-until", w.text(), stepOut + e.getMessage(), 2, started, null);
                        return new Stop(ExitCode.USAGE, w.line(), e.getMessage(), false);
                    }
                    seen = e.getMessage();
                    lastWasClusterError = true;
                }
                if (!seen.equals(last)) {
                    say("  " + (polls == 1 ? "now: " : "then: ") + seen);
                    last = seen;
                }
                if (options.dryRun()) {
                    say("  (dry run) not waiting; a real run would wait up to " + Durations.format(w.timeout()));
                    record(w.line(), "wait-until", w.text(), stepOut.toString(), 1, started, "dry run: not waiting");
                    return null;
                }
                Instant now = clock.instant();
                if (!now.isBefore(deadline)) {
                    ExitCode code = lastWasClusterError ? ExitCode.UNREACHABLE : ExitCode.FINDINGS;
                    String why = "wait-until " + w.expression().source() + " timed out after "
                            + Durations.format(w.timeout()) + "; last: "
                            + lastFinding(last, lastOperands, lastWasClusterError ? null : lastView.get());
                    record(w.line(), "wait-until", w.text(), stepOut.toString(), code.code(), started, null);
                    return new Stop(code, w.line(), why, false);
                }
                Duration left = Duration.between(now, deadline);
                sleeper.sleep(left.compareTo(w.every()) < 0 ? left : w.every());
            }
        }

        /**
         * What the operator reads about the last poll of a wait that timed out: the cluster's state in triage's words
         * when the expression read the cluster ("DEGRADED: 1 leaderless partition in 1 topic (rf1 1)"), after the
         * compared values when there were some; else the value or the cluster error as seen.
         */
        private String lastFinding(String last, String operands, ClusterView view) {
            String summary = null;
            if (view instanceof ClusterView.Summarised s) {
                try {
                    summary = s.summary();
                } catch (RuntimeException e) {
                    summary = null; // the value alone still says something
                }
            }
            if (summary == null) {
                return last;
            }
            return operands.isEmpty() ? summary : last + "; cluster: " + summary;
        }

        private Stop confirm(Step.Confirm c, Instant started) throws InterruptedException {
            if (options.dryRun()) {
                say("[" + c.line() + "] (dry run) would ask: " + c.question());
                record(c.line(), "confirm", c.text(), stepOut.toString(), 0, started, "dry run: not asked");
                return null;
            }
            if (options.yes()) {
                say("[" + c.line() + "] " + c.question() + " yes (--yes)");
                record(c.line(), "confirm", c.text(), stepOut.toString(), 0, started, "answered by --yes");
                return null;
            }
            if (!prompter.isInteractive()) {
                record(c.line(), "confirm", c.text(), stepOut.toString(), 3, started, "no terminal");
                return new Stop(ExitCode.REFUSED, c.line(), "no terminal to answer '" + c.question()
                        + "'; pass --yes", false);
            }
            out.flush();
            boolean yes = prompter.confirm(c.question());
            say("[" + c.line() + "] " + c.question() + (yes ? " yes" : " no"));
            record(c.line(), "confirm", c.text(), stepOut.toString(), yes ? 0 : 3, started, null);
            return yes ? null : new Stop(ExitCode.REFUSED, c.line(), "declined: " + c.question(), false);
        }

        private Bindings bindings() {
            return new Bindings(result, runbook.values(), cluster);
        }

        private Stop interrupted(int line, String when) {
            return new Stop(ExitCode.REFUSED, line, "interrupted (Ctrl-C) " + when, true);
        }

        private void say(String text) {
            out.println(text);
            out.flush();
            stepOut.append(text).append('\n');
        }

        void record(int line, String kind, String text, String output, Integer exitCode, Instant started,
                String note) {
            record(line, kind, text, output, exitCode, Duration.between(started, clock.instant()).toMillis(), note);
        }

        void record(int line, String kind, String text, String output, Integer exitCode, long millis, String note) {
            if (transcript == null) {
                return;
            }
            try {
                transcript.step(line, kind, text, output, exitCode, millis, note);
            } catch (IOException e) {
                out.println("warning: transcript " + transcript.file() + ": " + e.getMessage());
            }
        }
    }

    private static ExitCode failureCode(EvaluationFailure e) {
        return e.clusterUnavailable() ? ExitCode.UNREACHABLE : ExitCode.USAGE;
    }

    private static String kind(Step step) {
        if (step instanceof Step.Command) {
            return "command";
        }
        if (step instanceof Step.Echo) {
            return "echo";
        }
        if (step instanceof Step.Assert) {
            return "assert";
        }
        return step instanceof Step.WaitUntil ? "wait-until" : "confirm";
    }

    /** "16s" rather than "16082ms": whole seconds once past one second, as an operator reads a wait. */
    private static String elapsed(Duration d) {
        return Durations.format(d.compareTo(Duration.ofSeconds(1)) >= 0
                ? d.truncatedTo(ChronoUnit.SECONDS) : d);
    }

    /** The step's error line, else its first line: a warning before the error (a file others may read) is not why. */
    private static String firstLine(String output) {
        if (output == null || output.isBlank()) {
            return "";
        }
        String line = output.strip().lines().filter(l -> l.startsWith("error:")).findFirst()
                .orElseGet(() -> output.strip().lines().findFirst().orElse(""));
        return ": " + (line.length() > MAX_SHOWN ? line.substring(0, MAX_SHOWN) + "..." : line);
    }
}
