package dev.kshell.cli;

/** Bad input from the operator: one line, exit code 2, never a stack trace. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
