package dev.kshell.rules.election;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/** The operator named partitions that do not exist or cannot be read as partitions: bad input (exit 2). */
public class ElectionInputException extends KshellFailure {

    public ElectionInputException(String message) {
        super(ExitCode.USAGE, message);
    }
}
