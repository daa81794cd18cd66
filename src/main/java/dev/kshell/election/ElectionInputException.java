package dev.kshell.election;

/** The operator named partitions that do not exist or cannot be read as partitions: bad input (exit 2). */
public class ElectionInputException extends RuntimeException {

    public ElectionInputException(String message) {
        super(message);
    }
}
