package dev.kshell.runbook;

import java.util.List;
import java.util.stream.Collectors;

/**
 * Either a runbook or every error found in the file (never both, never neither).
 *
 * @param mutations the file's steps that would change the cluster, as {@code file:line: command}, whether or not the
 *                  file passed the check: a refused runbook is still an attempt to change a cluster (audited)
 */
public record ParseResult(Runbook runbook, List<RunbookError> errors, List<String> mutations) {

    public ParseResult(Runbook runbook, List<RunbookError> errors) {
        this(runbook, errors, List.of());
    }

    public ParseResult {
        errors = List.copyOf(errors);
        mutations = List.copyOf(mutations);
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

    static ParseResult ok(Runbook runbook, List<String> mutations) {
        return new ParseResult(runbook, List.of(), mutations);
    }

    static ParseResult failed(List<RunbookError> errors, List<String> mutations) {
        return new ParseResult(null, errors, mutations);
    }

    public boolean isOk() {
        return runbook != null;
    }

    /** One {@code file:line: message} per line, in file order; empty when the parse succeeded. */
    public String renderErrors() {
        return errors.stream().map(RunbookError::render).collect(Collectors.joining(System.lineSeparator()));
    }
}
