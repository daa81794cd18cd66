package dev.kshell.grammar;

/** A command line that does not follow the grammar: one line for the operator, no stack trace. */
public class GrammarException extends RuntimeException {
    public GrammarException(String message) {
        super(message);
    }
}
