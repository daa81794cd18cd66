package dev.kshell.cli;

import dev.kshell.cluster.ReadProgress;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.CommandExecutionException;
import org.springframework.shell.core.command.CommandExecutor;
import org.springframework.shell.core.command.ExitStatus;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import dev.kshell.connection.MaskingWriter;
import dev.kshell.connection.Secrets;
import dev.kshell.render.Prose;
import dev.kshell.render.Safe;
import dev.kshell.util.Durations;
import java.time.Duration;
import java.util.Locale;

/**
 * Runs one command line: parse (kshell's grammar, {@link CommandLineParser}), check, execute through Spring Shell's
 * {@link CommandExecutor} and {@link CommandContext}, map failures. The REPL, one-shot mode and runbooks all come
 * through here, so a line behaves the same wherever it is typed. Before Spring Shell runs the command, this applies
 * what kshell's lines mean beyond one command: the common options, the connection a command needs, the command's
 * deadline, the pin's warning, the progress line, masking of secrets on both streams, the audit of a mutation the
 * grammar refused; after, the exit status becomes kshell's exit code and a failure one line.
 */
public final class CommandLineExecutor {

    private static final Logger LOG = LoggerFactory.getLogger(CommandLineExecutor.class);

    private final CommandLineParser parser;
    private final ShellSession session;
    /** Spring Shell's executor over the parser's registry: it finds the command and calls it. */
    private final CommandExecutor springExecutor;

    public CommandLineExecutor(CommandLineParser parser, ShellSession session) {
        this.parser = parser;
        this.session = session;
        this.springExecutor = new CommandExecutor(parser.registry());
    }

    public CommandLineParser parser() {
        return parser;
    }

    /** What running a line gave: its exit code, the command's JSON model (or null) and the error line (or null). */
    public record LineResult(ExitCode code, Object model, String error) {
    }

    public LineResult execute(String line, Output output, Prompter prompter, ExecutionMode run) {
        try {
            List<String> tokens = CommandLineParser.tokenize(line);
            return execute(tokens, line.strip(), output, prompter, run);
        } catch (UsageException e) {
            Output masked = masked(output);
            try {
                return report(e, masked, run);
            } finally {
                close(masked);
            }
        }
    }

    /**
     * Runs one command line. Everything it prints, on both streams, passes one masking rule first
     * ({@link dev.kshell.connection.Secrets#maskText}, a line at a time): whatever a command quotes (a lint fix naming
     * {@code ssl.keystore.password=...}, pasted error text, a Kafka message) shows no secret.
     */
    public LineResult execute(List<String> tokens, String displayLine, Output output, Prompter prompter, ExecutionMode run) {
        Output masked = masked(output);
        try {
            return executeMasked(tokens, displayLine, masked, prompter, run);
        } finally {
            close(masked);
        }
    }

    private static Output masked(Output output) {
        PrintWriter out = MaskingWriter.printWriter(output.out(), CommandLineExecutor::maskAndEscape);
        PrintWriter err = output.err() == output.out() ? out : MaskingWriter.printWriter(
                output.err(), CommandLineExecutor::maskAndEscape);
        return new Output(out, err, output.json(), output.color(), output.width(), output.terminal(), output.height());
    }

    /**
     * What every line a command prints passes: secrets masked, then any control sequence that is not one of kshell's
     * own escaped ({@link Safe#terminal}): the renderers escape what they quote from outside, this catches the rest.
     */
    static String maskAndEscape(String text) {
        return Safe.keepingOwn(Secrets.maskText(text));
    }

    // passes on what the masking writers hold; the streams under them stay open
    private static void close(Output masked) {
        masked.out().close();
        masked.err().close();
    }

    private LineResult executeMasked(List<String> tokens, String displayLine, Output output, Prompter prompter,
                                     ExecutionMode run) {
        boolean ran = false;
        boolean traced = false;
        try {
            CommandLineParser.ParsedCommand parsed = parser.parse(tokens);
            KshellCommand command = parsed.command();
            if (parsed.helpRequested()) {
                // Spring Shell's AbstractCommand answers a lone --help with the command's help (kshell's, generated)
                CommandInput input = new CommandInput(parsed.toInvocation(displayLine, output, prompter, run));
                return new LineResult(ErrorMapper.code(springShell(parsed, output, input)), null, null);
            }
            Output effective = applyCommonOptions(parsed, output);
            ExecutionMode effectiveRun = parsed.common(GlobalOptions.STACKTRACE) ? run.withStacktrace(true) : run;
            traced = effectiveRun.stacktrace(); // the line's own --stacktrace counts for its failure too
            if (command.is(Trait.NEEDS_CONNECTION) && session.connection().isEmpty()) {
                throw new UsageException(command.spec().name() + " needs a cluster: connect --bootstrap-server HOST:PORT "
                        + "(or --bootstrap-controller, --profile NAME), or start kshell with --sandbox");
            }
            Invocation invocation = parsed.toInvocation(displayLine, effective, prompter, effectiveRun);
            CommandInput input = new CommandInput(invocation);
            ran = true;
            if (command.is(Trait.NEEDS_CONNECTION)) {
                invocation.model().checkPinWith(this::wrongCluster);
            }
            boolean warned = command.is(Trait.NEEDS_CONNECTION) && warnOfAnotherCluster(effective);
            // a large cluster's snapshot takes seconds: one progress line on a terminal, gone before the output
            try (ProgressLine progress = ProgressLine.start(effective, "describing")) {
                ExitStatus status = ReadProgress.reporting(describing(progress), () -> session.withCommandTimeout(
                        invocation.get(GlobalOptions.TIMEOUT), () -> springShell(parsed, effective, input)));
                if (!warned && command.is(Trait.NEEDS_CONNECTION)) {
                    warnOfAnotherCluster(effective); // the first read of a connection learns the cluster's id
                }
                if (input.failure() != null) {
                    return report(input.failure(), status, effective, effectiveRun);
                }
                return new LineResult(ErrorMapper.code(status), invocation.model().value(), null);
            } finally {
                // A node stopped, a scenario staged, an election: the prompt's mark from before is void (also when
                // the command failed half-way); a dry run changed nothing.
                if (command.spec().mutates(parsed.options().keySet()) && !dryRun(invocation)
                        && !effectiveRun.dryRun()) {
                    session.clusterChanged();
                }
            }
        } catch (Throwable failure) {
            if (failure instanceof Error error && !(failure instanceof StackOverflowError)) {
                throw error;
            }
            if (failure instanceof UsageException && !ran) {
                // an attempt to change a cluster that the grammar refused is still an attempt: audited
                parser.find(tokens).filter(c -> c.spec().mutatesWords(tokens)).ifPresent(c -> AuditFile.inputError(c,
                        displayLine, session.connection().map(x -> x.gateway().target().endpoints()).orElse(null),
                        run, failure.getMessage(), output, auditDeadline(tokens)));
            }
            return report(failure, output, traced ? run.withStacktrace(true) : run);
        }
    }

    /**
     * Runs the parsed line through Spring Shell: its {@link CommandExecutor} finds the command in the registry by the
     * name the grammar resolved and calls it with a {@link CommandContext} holding Spring Shell's view of the line,
     * the registry, the output's writer and kshell's {@link CommandInput} (the typed invocation, the prompter).
     */
    private ExitStatus springShell(CommandLineParser.ParsedCommand parsed, Output output, CommandInput input)
            throws Exception {
        CommandContext context = new CommandContext(parsed.input(), parser.registry(), output.out(), input);
        try {
            return springExecutor.execute(context);
        } catch (CommandExecutionException e) {
            // only a command that is no KshellCommand throws through (kshell's map their failures to a status)
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * How long a refused command's audit line may wait for another shell's lock: the line's own --timeout when it
     * reads as one, else the session's. The grammar refused the line, so its options were never converted.
     */
    private Duration auditDeadline(List<String> tokens) {
        for (int i = 0; i < tokens.size(); i++) {
            String t = tokens.get(i);
            String value = t.startsWith("--timeout=") ? t.substring("--timeout=".length())
                    : t.equals("--timeout") && i + 1 < tokens.size() ? tokens.get(i + 1) : null;
            if (value != null && Durations.parse(value, "--timeout").isOk()) {
                return Durations.parse(value, "--timeout").orElseThrow();
            }
        }
        return session.defaultTimeout();
    }

    /**
     * The pin is a fact in every read: when the connection's profile pins a cluster id and the cluster it reached (as
     * its last read says) is another, one warning line on the error stream says so, first (mutations are refused
     * there anyway). True when it was said.
     */
    private boolean warnOfAnotherCluster(Output output) {
        Optional<Invocation.WrongCluster> wrong = wrongCluster();
        wrong.ifPresent(w -> {
            output.err().print(Prose.text("warning: this connection is pinned to cluster " + w.pinnedClusterId()
                    + " but reaches cluster " + w.clusterId() + ": what follows is about " + w.clusterId()
                    + ", not the pinned cluster (mutations are refused)", output.width(), "warning: ".length()));
            output.err().flush();
        });
        return wrong.isPresent();
    }

    /** The connection's pin and the cluster it reached, when they differ (known once a read has learnt the id). */
    private Optional<Invocation.WrongCluster> wrongCluster() {
        String pin = session.connection().map(c -> c.pinnedClusterId()).orElse(null);
        String actual = session.lastSnapshot().map(s -> s.clusterId()).orElse(null);
        if (pin == null || actual == null || pin.equals(actual)) {
            return Optional.empty();
        }
        return Optional.of(new Invocation.WrongCluster(pin, actual));
    }

    /** A mutating command's own --dry-run, when it declares one. */
    private static boolean dryRun(Invocation invocation) {
        return invocation.command().spec().declares(GlobalOptions.DRY_RUN.name()) && invocation.get(GlobalOptions.DRY_RUN);
    }

    /** {@code describing: 4,000 / 10,000 topics, 12,000 partitions}; the line goes once the last batch is in. */
    static ReadProgress describing(ProgressLine progress) {
        return (done, total, partitions) -> {
            if (done >= total) {
                progress.close();
            } else {
                progress.step(String.format(Locale.ROOT, "%,d / %,d topics, %,d partitions", done, total,
                        partitions));
            }
        };
    }

    private static Output applyCommonOptions(CommandLineParser.ParsedCommand parsed, Output output) {
        Output effective = output;
        String format = parsed.common(GlobalOptions.OUTPUT);
        if (format != null) {
            // the grammar has checked the value against the declared choices
            effective = effective.withJson(format.equals("json"));
        }
        if (parsed.common(GlobalOptions.NO_COLOR)) {
            effective = effective.withColor(false);
        }
        return effective;
    }

    /** A failure outside the command (the grammar's, a refusal before it ran): mapped here, then reported. */
    private LineResult report(Throwable failure, Output output, ExecutionMode run) {
        return report(failure, ErrorMapper.status(failure), output, run);
    }

    /** One line on the error stream (the trace too with --stacktrace), the exit code from the status. */
    private LineResult report(Throwable failure, ExitStatus status, Output output, ExecutionMode run) {
        ExitCode code = ErrorMapper.code(status);
        if (code == ExitCode.INTERNAL) {
            LOG.error("internal error", failure);
        } else {
            LOG.info("command failed ({}): {}", code, status.description());
        }
        PrintWriter err = output.err();
        // at a terminal the line breaks between words under its own text (never a word cut by the terminal)
        err.print(Prose.text("error: " + status.description(), output.width(), "error: ".length()));
        if (run.stacktrace()) {
            StringWriter trace = new StringWriter();
            failure.printStackTrace(new PrintWriter(trace));
            // an exception's message can quote the property it choked on: the trace is masked like the log's
            err.print(Secrets.maskText(trace.toString()));
        }
        err.flush();
        return new LineResult(code, null, status.description());
    }

    /**
     * Quotes words back into a line for display and the audit log (one-shot arguments arrive already split): the
     * one quoter, {@link Tokenizer#join}, so the line reads back to the same words.
     */
    public static String join(List<String> words) {
        return Tokenizer.join(words);
    }
}
