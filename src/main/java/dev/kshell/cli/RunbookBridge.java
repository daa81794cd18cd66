package dev.kshell.cli;

import dev.kshell.render.Safe;

import dev.kshell.grammar.GlobalOptions;

import dev.kshell.rules.guard.Confirmation;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.runbook.ClusterView;
import dev.kshell.runbook.CommandCatalog;
import dev.kshell.runbook.SnapshotClusterView;
import dev.kshell.runbook.StepOutcome;
import dev.kshell.runbook.StepRunner;
import dev.kshell.connection.ShellSession;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import dev.kshell.runbook.RunbookPrompter;
import java.util.function.UnaryOperator;

/**
 * The shell's side of runbooks: the interfaces of runbook/ as thin adapters over the one command path (the same
 * {@link CommandLineParser} and {@link CommandLineExecutor} as the REPL), the operator's terminal and the session's
 * gateway. No runbook logic lives here.
 */
public final class RunbookBridge {

    /** {@code connect --unpin} lifts the session's cluster-id pin: never from a runbook. */
    private static final String CONNECT = "connect";
    private static final String UNPIN = "unpin";

    private static final Pattern ANSI = Pattern.compile("\u001B\\[[0-9;]*[A-Za-z]");

    private RunbookBridge() {
    }

    // ---- CommandCatalog -------------------------------------------------------------------------------------

    /** The shell's commands as the runbook parser sees them. */
    public static CommandCatalog catalog(CommandLineParser parser) {
        return new Catalog(parser);
    }

    private record Catalog(CommandLineParser parser) implements CommandCatalog {

        private Optional<KshellCommand> command(List<String> words) {
            return parser.find(words).filter(c -> !c.is(Trait.RUNBOOK_FORBIDDEN));
        }

        @Override
        public boolean isCommand(List<String> words) {
            return command(words).isPresent();
        }

        @Override
        public boolean isMutating(List<String> words) {
            return command(words).map(c -> c.spec().mutatesWords(words)).orElse(false);
        }

        @Override
        public boolean isUnclean(List<String> words) {
            return command(words).map(c -> c.is(Trait.DESTRUCTIVE)).orElse(false);
        }

        @Override
        public int nameWords(List<String> words) {
            return command(words).map(c -> c.spec().name().split(" ").length).orElse(1);
        }

        @Override
        public Optional<String> refusedInRunbook(List<String> words) {
            try {
                CommandLineParser.ParsedCommand parsed = parser.parse(words);
                if (parsed.command().spec().name().equals(CONNECT) && parsed.options().containsKey(UNPIN)) {
                    return Optional.of("connect --unpin is refused in a runbook: a runbook may not lift the "
                            + "cluster-id pin; lift it at the prompt, where the operator sees it");
                }
                // every spelling the grammar reads as the yes key: --yes, --yes=..., -y
                if (parsed.options().containsKey(GlobalOptions.YES.name())) {
                    return Optional.of("a step cannot answer its own confirmation: remove "
                            + words.stream().filter(w -> w.equals("-y") || w.startsWith("--yes")).findFirst()
                            .orElse("--yes") + " and pass --yes to run");
                }
            } catch (UsageException e) {
                // checkLine reports it
            }
            return Optional.empty();
        }

        /**
         * The parser's own check: unknown options, options missing their value, values that do not convert
         * ({@code --for abc}), exclusive groups. Nothing touches the cluster.
         */
        @Override
        public Optional<String> checkLine(List<String> words) {
            try {
                parser.parse(words);
                return Optional.empty();
            } catch (UsageException e) {
                return Optional.of(e.getMessage());
            }
        }
    }

    // ---- StepRunner -----------------------------------------------------------------------------------------

    /**
     * Runs each step through {@code executor} exactly like a typed line, printing live to {@code output} and
     * keeping a copy (colours removed) for the transcript.
     */
    public static StepRunner steps(CommandLineExecutor executor, Output output, Prompter prompter,
                                   boolean stacktrace) {
        return (line, opts) -> {
            StringWriter copy = new StringWriter();
            Output teed = new Output(tee(output.out(), copy), tee(output.err(), copy), output.json(),
                    output.color(), output.width(), output.terminal());
            ExecutionMode run = new ExecutionMode(opts.yes(), opts.dryRun(), true, opts.allowUnclean(), stacktrace,
                    opts.origin(), opts.stepByStep());
            CommandLineExecutor.LineResult outcome = executor.execute(line, teed, prompter, run);
            teed.out().flush();
            teed.err().flush();
            if (outcome.code() == ExitCode.CANCELLED) {
                // Ctrl-C reached the command (the gateway turns the interrupt into "cancelled"); make sure the
                // runbook executor sees it too, so the run stops here and says so.
                Thread.currentThread().interrupt();
            }
            return new StepOutcome(outcome.code().code(), ANSI.matcher(Safe.plain(copy.toString())).replaceAll(""),
                    outcome.model());
        };
    }

    /** Writes to {@code live} and keeps a copy, so the operator sees output as it comes. */
    static PrintWriter tee(PrintWriter live, StringWriter copy) {
        return new PrintWriter(new Writer() {
            @Override
            public void write(char[] buf, int off, int len) {
                live.write(buf, off, len);
                copy.write(buf, off, len);
            }

            @Override
            public void flush() {
                live.flush();
            }

            @Override
            public void close() {
                flush();
            }
        });
    }

    // ---- Prompter -------------------------------------------------------------------------------------------

    /** The runbook's questions (y/N, yes/skip/abort) asked through the shell's terminal prompter. */
    public static RunbookPrompter prompter(Prompter terminal) {
        return new Asker(terminal, UnaryOperator.identity());
    }

    /** The same, with the questions' text (a step's command line, a confirm's question) masked by {@code mask}. */
    public static RunbookPrompter prompter(Prompter terminal,
                                                             UnaryOperator<String> mask) {
        return new Asker(terminal, mask);
    }

    private record Asker(Prompter terminal, UnaryOperator<String> mask)
            implements RunbookPrompter {

        @Override
        public boolean isInteractive() {
            return terminal.interactive();
        }

        @Override
        public boolean confirm(String question) throws InterruptedException {
            Confirmation yesNo = Confirmation.yesNo(mask.apply(question));
            String answer = terminal.ask(yesNo.prompt());
            checkInterrupt();
            return yesNo.accepts(answer);
        }

        @Override
        public StepChoice askStep(String origin, String stepText) throws InterruptedException {
            while (true) {
                String answer = terminal.ask(mask.apply(origin + ": run '" + stepText + "'? [y]es / [s]kip / [a]bort: "));
                checkInterrupt();
                if (answer == null) {
                    return StepChoice.ABORT; // end of input or Ctrl-C at the question
                }
                switch (answer.strip().toLowerCase(Locale.ROOT)) {
                    case "y", "yes" -> {
                        return StepChoice.YES;
                    }
                    case "s", "skip" -> {
                        return StepChoice.SKIP;
                    }
                    case "a", "abort" -> {
                        return StepChoice.ABORT;
                    }
                    default -> {
                        // ask again: a typo must neither run nor skip a step
                    }
                }
            }
        }

        private static void checkInterrupt() throws InterruptedException {
            if (Thread.interrupted()) {
                throw new InterruptedException("cancelled at a prompt");
            }
        }
    }

    // ---- ClusterView ----------------------------------------------------------------------------------------

    /**
     * {@code cluster} for expressions: every call takes a fresh snapshot with topic configs (min.insync.replicas)
     * through the session's gateway, and remembers it for the prompt and completion.
     */
    public static Supplier<ClusterView> cluster(ShellSession session) {
        return () -> {
            ClusterSnapshot snapshot = session.gateway()
                    .orElseThrow(() -> new IllegalStateException("not connected to a cluster"))
                    .snapshot(null, true);
            session.remember(snapshot);
            return new SnapshotClusterView(snapshot);
        };
    }
}
