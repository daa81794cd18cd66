package dev.kshell.cli;

import org.springframework.shell.core.InputReader;
import org.springframework.shell.core.command.CommandContext;

/**
 * The input reader of the Spring Shell {@link CommandContext} a kshell command runs in: it asks through the
 * invocation's {@link Prompter} (a person at a terminal, or nobody), and it carries the {@link Invocation} that
 * kshell's grammar made of the line. Spring Shell's {@code ParsedInput} is a record of strings: it cannot hold typed
 * values, repeatable options or the output's settings, so the context's own reader hands the command its typed line.
 * Made by {@link CommandLineExecutor} only, one per line run.
 */
public final class CommandInput implements InputReader {

    private final Invocation invocation;
    private volatile Exception failure;

    CommandInput(Invocation invocation) {
        this.invocation = invocation;
    }

    /** The kshell input of a context {@link CommandLineExecutor} made; any other context has none. */
    static CommandInput of(CommandContext context) {
        if (context.inputReader() instanceof CommandInput input) {
            return input;
        }
        throw new IllegalStateException("a kshell command runs through cli.CommandLineExecutor, which parses its line "
                + "with kshell's grammar; this CommandContext was made elsewhere");
    }

    public Invocation invocation() {
        return invocation;
    }

    /** A question to the person at the terminal: the answer, or null when nobody can answer (Ctrl-C, no terminal). */
    @Override
    public String readInput(String prompt) {
        return invocation.prompter().ask(prompt);
    }

    /** What the command threw, for the error line and {@code --stacktrace}; null when it returned. */
    Exception failure() {
        return failure;
    }

    void failed(Exception e) {
        this.failure = e;
    }
}
