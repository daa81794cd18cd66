package dev.kshell.diagnosis.service;

/**
 * The operator's input does not fit this cluster (no such topic, no topic matches a pattern, no such profile): one
 * line, exit 2, like a usage error.
 */
public class InputException extends RuntimeException {
    public InputException(String message) {
        super(message);
    }
}
