package dev.kshell.model;

/**
 * The one failure type of kshell: an expected failure that carries the exit code it ends a command with and the one
 * line the operator reads. Every failure kshell means to report (bad input, a guard's refusal, an unreachable
 * cluster, a failed action) is one of these; {@code cli.ErrorMapper} maps any of them in one branch, and anything
 * else is an internal error (70) whose trace is shown only with {@code --stacktrace}.
 */
public class KshellFailure extends RuntimeException {

    private final ExitCode code;

    public KshellFailure(ExitCode code, String message) {
        super(message);
        this.code = code;
    }

    public KshellFailure(ExitCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    /** The exit code this failure ends its command with. */
    public ExitCode code() {
        return code;
    }
}
