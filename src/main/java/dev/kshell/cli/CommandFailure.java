package dev.kshell.cli;

import dev.kshell.model.KshellFailure;

import dev.kshell.model.ExitCode;

/** An expected failure a command reports with its own exit code and one line of text. */
public class CommandFailure extends KshellFailure {
    public CommandFailure(ExitCode code, String message) {
        super(code, message);
    }
}
