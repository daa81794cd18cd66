package dev.kshell.cli.commands;

import dev.kshell.memory.RequestedFile;
import dev.kshell.model.KshellFailure;

import dev.kshell.cli.GateAttempts;
import dev.kshell.workflow.gate.MutationGate;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.audit.AuditDecision;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.RunbookBridge;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.runbook.ParseResult;
import dev.kshell.runbook.RunResult;
import dev.kshell.runbook.Runbook;
import dev.kshell.runbook.RunbookError;
import dev.kshell.runbook.RunbookExecutor;
import dev.kshell.runbook.RunbookOptions;
import dev.kshell.runbook.RunbookParser;
import dev.kshell.runbook.Sleeper;
import dev.kshell.runbook.Step;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.MaskingWriter;
import dev.kshell.connection.Secrets;
import dev.kshell.connection.ShellSession;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import dev.kshell.cli.ProgressLine;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.util.InputFiles;
import dev.kshell.util.Validated;

/**
 * {@code run FILE.ksh [--param k=v]... [--dry-run] [--step] [--yes] [--transcript FILE]}: checks the whole runbook,
 * then plays it step by step through the same command path as the REPL (runbook/ does the work; this adapts).
 *
 * <p>Output: the step echoes and each step's own output go to stdout as they happen; with {@code --output json}
 * they go to stderr instead, so that stdout holds one JSON document, the {@link Summary}.
 */
public class RunCommand extends KshellCommand {

    static final Opt<String> PARAM = Opt.text("param", "override a param of the runbook: --param name=value (repeatable)")
            .hint("NAME=VALUE").repeatable();
    static final Opt<Boolean> STEP = Opt.flag("step", "ask yes / skip / abort before every command step");
    static final Opt<String> TRANSCRIPT = Opt.text("transcript", ArgKind.FILE,
            "write the transcript to FILE (default: a new file under ~/.kshell/transcripts/)");
    static final Arg<String> FILE = Arg.of("runbook", ArgKind.KSH_FILE, "the .ksh file to play");

    private final ShellSession session;
    // A supplier, not the executor itself: it is made after every command, this one included (app.Assembly).
    private final Supplier<CommandLineExecutor> executor;
    private final Clock clock;
    private final Sleeper sleeper;
    public RunCommand(ShellSession session, Supplier<CommandLineExecutor> executor) {
        this(session, executor, Clock.systemUTC(), Sleeper.SYSTEM);
    }

    /** For tests: a fixed executor, clock and sleeper. */
    public RunCommand(ShellSession session, Supplier<CommandLineExecutor> executor, Clock clock,
                      Sleeper sleeper) {
        super(CommandSpec.named("run").group(Group.AUTOMATION)
                .description("Play a .ksh runbook: checked as a whole first, then step by step with a transcript")
                .options(PARAM, GlobalOptions.DRY_RUN, STEP, GlobalOptions.YES, TRANSCRIPT).arguments(FILE)
                .traits(Trait.SHELL_ONLY, Trait.RUNBOOK_FORBIDDEN)
                .examples("run scripts/runbooks/triage.ksh",
                        "run scripts/runbooks/broker-down.ksh --param deadline=20m --dry-run",
                        "run fix.ksh --yes --transcript /tmp/incident-42.jsonl"));
        this.session = session;
        this.executor = executor;
        this.clock = clock;
        this.sleeper = sleeper;
    }

    /** Where transcripts go unless --transcript names a file. */
    public static Path transcriptDir() {
        return KshellHome.records().resolve("transcripts");
    }

    /**
     * The JSON model of a run.
     *
     * @param exitCode   the run's exit code
     * @param failedAt   {@code file:line} of the step that stopped the run, or null
     * @param message    why it stopped, or the summary
     * @param errors     the file's problems ({@code file:line: message}) when it did not pass the check; else empty
     * @param transcript the transcript file, or null
     */
    public record Summary(String file, int exitCode, String failedAt, String message, boolean interrupted,
                          List<String> errors, String transcript) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.mode().inRunbook()) {
            throw new UsageException("nested 'run' is not allowed: a runbook cannot run another runbook");
        }
        String file = inv.get(FILE);
        Map<String, String> params;
        try {
            params = RunbookOptions.params(inv.all(PARAM));
        } catch (IllegalArgumentException e) {
            throw new UsageException("run: " + e.getMessage());
        }
        String text = read(Path.of(file));
        boolean yes = inv.get(GlobalOptions.YES) || inv.mode().yes();
        boolean dryRun = inv.get(GlobalOptions.DRY_RUN) || inv.mode().dryRun();
        String transcript = inv.get(TRANSCRIPT);
        if (transcript != null) {
            // checked before step 1: a run whose transcript would go through a link or over a file does not start
            String refused = RequestedFile.check(Path.of(transcript), "--transcript").refused();
            if (refused != null) {
                audit(inv).ended(AuditDecision.REFUSED, refused, null);
                throw new KshellFailure(ExitCode.REFUSED, refused);
            }
        }
        RunbookOptions options = new RunbookOptions(params, dryRun, inv.get(STEP), yes,
                transcript == null ? null : Path.of(transcript));

        CommandLineExecutor commands = executor.get();
        ParseResult parsed = new RunbookParser().parse(file, text, params, RunbookBridge.catalog(commands.parser()));
        // Everything this run prints, on either stream, is masked: secret keys' values, private keys, and the
        // values of secret-named params (--param token=...), which an echo prints with no key in front.
        UnaryOperator<String> mask = Secrets.masker(Secrets.secretValues(
                parsed.isOk() ? parsed.runbook().values() : params));
        Output io = masked(inv.output(), mask);
        List<String> problems = new ArrayList<>(parsed.errors().stream().map(RunbookError::render).toList());
        if (parsed.isOk()) {
            problems.addAll(needsConnection(parsed.runbook(), commands));
        }
        if (!problems.isEmpty()) {
            if (!parsed.mutations().isEmpty()) {
                // a runbook that would change the cluster is an attempt, even when its check refuses it
                audit(inv).ended(AuditDecision.INVALID, problems.get(0) + (problems.size() > 1
                        ? " (and " + (problems.size() - 1) + " more)" : "") + "; nothing ran", parsed.mutations());
            }
            problems.forEach(io.err()::println);
            io.err().println("error: " + file + ": " + problems.size() + " problem" + (problems.size() == 1 ? "" : "s")
                    + ", nothing ran");
            io.err().close(); // the masking writer passes on what it held; the stream under it stays open
            inv.emit(new Summary(file, ExitCode.USAGE.code(), null, "the runbook did not pass the check", false,
                    problems.stream().map(mask).toList(), null), () -> "");
            return ExitCode.USAGE;
        }

        // Human text (step echoes, the steps' tables) on stdout, unless stdout is for the JSON summary.
        PrintWriter human = io.json() ? io.err() : io.out();
        Output stepOutput = new Output(human, io.err(), false, io.color(), io.width(), io.terminal());
        RunbookExecutor runbooks = new RunbookExecutor(
                RunbookBridge.steps(commands, stepOutput, inv.prompter(), inv.mode().stacktrace()),
                RunbookBridge.prompter(inv.prompter(), mask), RunbookBridge.cluster(session), human, clock,
                // wait-until polls: a countdown on a terminal between checks (tests' fake sleepers stay as they are)
                sleeper == Sleeper.SYSTEM ? d -> ProgressLine.sleep(io, "wait-until", d) : sleeper,
                transcriptDir(), (runbook, origin, reason) -> {
                    if (!parsed.mutations().isEmpty()) {
                        audit(inv).ended(AuditDecision.REFUSED, origin + ": " + reason, parsed.mutations());
                    }
                });
        RunResult result = runbooks.execute(parsed.runbook(), options);
        if (result.transcript() != null) {
            human.println("transcript: " + result.transcript());
            human.flush();
        }
        io.out().close(); // the masking writers pass on what they held; the streams under them stay open
        io.err().close();
        inv.emit(new Summary(file, result.exitCode().code(), result.failedAt(), mask.apply(result.message()),
                result.interrupted(), List.of(), result.transcript() == null ? null : result.transcript().toString()),
                () -> "");
        return result.exitCode();
    }

    /** {@code output} with both streams masking secrets ({@link dev.kshell.connection.MaskingWriter}). */
    private static Output masked(Output output, UnaryOperator<String> mask) {
        return new Output(MaskingWriter.printWriter(output.out(), mask), MaskingWriter.printWriter(output.err(), mask),
                output.json(), output.color(), output.width(), output.terminal());
    }

    /** The audit log's view of this run: the connected cluster, if any. */
    private RunAudit audit(Invocation inv) {
        // the last snapshot's, if any: a refused run makes no cluster call, not even for the audit line
        String clusterId = session.lastSnapshot().map(ClusterSnapshot::clusterId).orElse(null);
        MutationGate gate = MutationGate.open(GateAttempts.of(session, inv, "run"));
        return (decision, reason, plan) -> gate.ended(clusterId, decision, reason, plan);
    }

    /** A run refused before step 1, in the audit log. */
    private interface RunAudit {
        void ended(AuditDecision decision, String reason, Object plan);
    }

    // Only a regular file of at most 4 MiB, as UTF-8: a FIFO hung the run, /dev/zero filled the heap (exit 70), a
    // Latin-1 byte said "Input length = 1".
    private static String read(Path file) {
        if (!Files.exists(file) && !Files.isSymbolicLink(file)) {
            throw new UsageException("run: no such file: " + file);
        }
        Validated<String> text = InputFiles.readUtf8(file, file.toString(),
                InputFiles.MAX_TEXT_BYTES);
        if (!text.isOk()) {
            throw new UsageException("run: " + text.errors().get(0).format());
        }
        return text.orElseThrow();
    }

    /** Steps that need a cluster while there is no connection: known before step 1, so nothing half-runs. */
    private List<String> needsConnection(Runbook runbook, CommandLineExecutor commands) {
        if (session.connection().isPresent()) {
            return List.of();
        }
        List<String> problems = new ArrayList<>();
        for (Step step : runbook.steps()) {
            if (step instanceof Step.Command c && commands.parser().find(c.words())
                    .map(k -> k.is(Trait.NEEDS_CONNECTION)).orElse(false)) {
                problems.add(runbook.origin(c.line()) + ": '" + c.words().get(0) + "' needs a cluster: connect "
                        + "--bootstrap-server HOST:PORT (or --profile NAME) first");
            }
        }
        return problems;
    }
}
