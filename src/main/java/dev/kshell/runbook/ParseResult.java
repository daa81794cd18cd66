package dev.kshell.runbook;

import java.util.List;
import java.util.stream.Collectors;

/** Either a runbook or every error found in the file (never both, never neither). */
public record ParseResult(Runbook runbook, List<RunbookError> errors) {

    public ParseResult {
        errors = List.copyOf(errors);
        if ((runbook == null) == errors.isEmpty()) {
            throw new IllegalArgumentException("a runbook or errors, exactly one");
        }
    }

    public static ParseResult ok(Runbook runbook) {
        return new ParseResult(runbook, List.of());
    }

    public static ParseResult failed(List<RunbookError> errors) {
        return new ParseResult(null, errors);
    }

    public boolean isOk() {
        return runbook != null;
    }

    /** One {@code file:line: message} per line, in file order; empty when the parse succeeded. */
    public String renderErrors() {
        return errors.stream().map(RunbookError::render).collect(Collectors.joining(System.lineSeparator()));
    }
}
