package dev.kshell.cli;

import dev.kshell.model.ExitCode;

/** An expected failure a command reports with its own exit code and one line of text. */
public class CommandFailure extends RuntimeException {
    private final ExitCode code;

    public CommandFailure(ExitCode code, String message) {
        super(message);
        this.code = code;
    }

    public ExitCode code() {
        return code;
    }
}
