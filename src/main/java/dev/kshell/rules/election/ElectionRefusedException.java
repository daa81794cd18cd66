package dev.kshell.rules.election;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/** The election did not start because a precondition of the guard failed (e.g. the audit log cannot be written): exit 3. */
public class ElectionRefusedException extends KshellFailure {

    public ElectionRefusedException(String message) {
        super(ExitCode.REFUSED, message);
    }
}
