package dev.kshell.election;

/** The election did not start because a precondition of the guard failed (e.g. the audit log cannot be written): exit 3. */
public class ElectionRefusedException extends RuntimeException {

    public ElectionRefusedException(String message) {
        super(message);
    }
}
