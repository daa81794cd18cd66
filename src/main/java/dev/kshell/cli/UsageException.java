package dev.kshell.cli;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/** Bad input from the operator: one line, exit code 2, never a stack trace. */
public class UsageException extends KshellFailure {
    public UsageException(String message) {
        super(ExitCode.USAGE, message);
    }
}
