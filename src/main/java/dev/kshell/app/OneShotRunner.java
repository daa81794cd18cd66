package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.ErrorMapper;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.model.ExitCode;
import org.springframework.shell.core.command.ExitStatus;

import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One-shot mode as a Spring Shell {@code ShellRunner}: runs the one command the launcher was given, prints, and
 * keeps its exit status. In place of Spring Shell's {@code NonInteractiveShellRunner}, which joins the arguments with
 * spaces (quoting lost: {@code explain "NOT_ENOUGH_REPLICAS ..."} became several words), logs a failure instead of
 * printing it and exits 0 whatever happened. Here the words go to the executor as the launcher received them, one
 * word each, and the status is the command's.
 */
final class OneShotRunner implements ExitingShellRunner {

    private final CommandLineExecutor executor;
    private final ExecutionMode run;
    private final boolean json;
    private final boolean color;
    private final boolean tty;
    private ExitStatus status = ErrorMapper.status(ExitCode.OK);

    OneShotRunner(CommandLineExecutor executor, ExecutionMode run, boolean json, boolean color, boolean tty) {
        this.executor = executor;
        this.run = run;
        this.json = json;
        this.color = color;
        this.tty = tty;
    }

    /** @param args the command's words, as the launcher received them (never joined and split again) */
    @Override
    public void run(String[] args) {
        List<String> words = List.of(args);
        PrintWriter out = new PrintWriter(System.out, true, StandardCharsets.UTF_8);
        PrintWriter err = new PrintWriter(System.err, true, StandardCharsets.UTF_8);
        // only a person at a terminal can confirm (not System.console(): non-null for redirected stdin on 22+)
        Prompter prompter = TerminalPrompter.standardStreamsAreTerminals() ? TerminalPrompter.open() : Prompter.NONE;
        // prose wraps at a terminal's width, as in the shell; piped output keeps whole lines (width 0)
        int width = prompter instanceof TerminalPrompter terminal ? terminal.width() : 0;
        Output output = new Output(out, err, json, color, width, tty);
        if (prompter instanceof TerminalPrompter terminal) {
            // Ctrl-C interrupts the command (it reports "cancelled", 130) instead of killing the JVM mid-write
            Thread caller = Thread.currentThread();
            terminal.onInterrupt(caller::interrupt);
        }
        try {
            // nothing runs after the output: the process ends when the answer is complete (remembering offsets is
            // the REPL's background step or the `remember offsets` command, docs/elections.md)
            status = ErrorMapper.status(executor.execute(words, CommandLineExecutor.join(words), output, prompter,
                    run).code());
        } finally {
            if (prompter instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception ignored) {
                    // closing the terminal cannot fail in a way the operator can act on
                }
            }
        }
    }

    @Override
    public ExitStatus exitStatus() {
        return status;
    }
}
