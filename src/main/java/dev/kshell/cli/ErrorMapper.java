package dev.kshell.cli;

import dev.kshell.model.KshellFailure;
import dev.kshell.model.ExitCode;

import java.util.concurrent.CancellationException;
import dev.kshell.connection.Secrets;

/**
 * The one place that maps a failure to the sentence the operator reads and the exit code. Expected failures are
 * one line; anything else is an internal error whose trace goes to the log (and to the terminal with --stacktrace).
 */
public final class ErrorMapper {

    private ErrorMapper() {
    }

    public record Mapped(ExitCode code, String message, boolean expected) {
    }

    /** The mapping, with every secret value in the message masked (a client config error can quote a password). */
    public static Mapped map(Throwable failure) {
        Mapped m = mapUnmasked(failure);
        return new Mapped(m.code(), Secrets.maskText(m.message()), m.expected());
    }

    private static Mapped mapUnmasked(Throwable failure) {
        if (failure instanceof KshellFailure f) {
            return new Mapped(f.code(), f.getMessage(), true);
        }
        if (failure instanceof CancellationException || failure instanceof InterruptedException) {
            return new Mapped(ExitCode.CANCELLED, "cancelled", true);
        }
        // masked before the hint is added: a value masked to the end of the line would take the hint with it
        return new Mapped(ExitCode.INTERNAL, "internal error: " + Secrets.maskText(failure.toString())
                + " (details in the log; --stacktrace prints them here)", false);
    }
}
