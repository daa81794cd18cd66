package dev.kshell.workflow.check;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/**
 * The operator's input does not fit this cluster (no such topic, no topic matches a pattern, no such profile): one
 * line, exit 2, like a usage error.
 */
public class InputException extends KshellFailure {
    public InputException(String message) {
        super(ExitCode.USAGE, message);
    }
}
