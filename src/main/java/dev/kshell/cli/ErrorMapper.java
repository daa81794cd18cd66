package dev.kshell.cli;

import dev.kshell.model.KshellFailure;
import dev.kshell.model.ExitCode;
import org.springframework.shell.core.command.ExitStatus;
import org.springframework.shell.core.command.exit.ExitStatusExceptionMapper;

import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import dev.kshell.connection.Secrets;

/**
 * The one place that maps a failure to the sentence the operator reads and the exit code. Expected failures are
 * one line; anything else is an internal error whose trace goes to the log (and to the terminal with --stacktrace).
 *
 * <p>It is also Spring Shell's exit-status mapping for every kshell command ({@link #EXIT_STATUS}, the
 * {@link ExitStatusExceptionMapper} each {@link KshellCommand} carries): a failure becomes an {@link ExitStatus}
 * holding kshell's exit code and the line, and {@link #code(ExitStatus)} turns any status back into kshell's code.
 */
public final class ErrorMapper {

    /**
     * Spring Shell's hook for a command's exception, backed by {@link KshellFailure}: its code and line, else internal
     * (70). Spring Shell's own {@code AbstractCommand.execute} calls it.
     */
    public static final ExitStatusExceptionMapper EXIT_STATUS = ErrorMapper::status;

    private static final Map<ExitCode, ExitStatus> STATUSES = new EnumMap<>(ExitCode.class);

    static {
        for (ExitCode code : ExitCode.values()) {
            STATUSES.put(code, new ExitStatus(code.code(), code.name()));
        }
    }

    private ErrorMapper() {
    }

    public record Mapped(ExitCode code, String message, boolean expected) {
    }

    /** The mapping, with every secret value in the message masked (a client config error can quote a password). */
    public static Mapped map(Throwable failure) {
        Mapped m = mapUnmasked(failure);
        return new Mapped(m.code(), Secrets.maskText(m.message()), m.expected());
    }

    /** A failure as Spring Shell's exit status: kshell's code, and the line the operator reads as its description. */
    public static ExitStatus status(Throwable failure) {
        Mapped m = map(failure);
        return new ExitStatus(m.code().code(), m.message());
    }

    /** A command's own result as Spring Shell's exit status ({@code (1, "FINDINGS")}). */
    public static ExitStatus status(ExitCode code) {
        return STATUSES.get(code);
    }

    /**
     * kshell's exit code for a status. Spring Shell's own statuses are negative (never a process exit code): its usage
     * and availability errors are kshell's usage error (2), its execution error an internal one (70).
     */
    public static ExitCode code(ExitStatus status) {
        if (status.code() == ExitStatus.USAGE_ERROR.code() || status.code() == ExitStatus.AVAILABILITY_ERROR.code()) {
            return ExitCode.USAGE;
        }
        return ExitCode.of(status.code());
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
