package dev.kshell.memory;

import java.nio.file.Path;

/** The state file could not be written. The memory is advisory: callers report it and carry on. */
public class StateStoreException extends RuntimeException {

    public StateStoreException(Path path, Throwable cause) {
        super("cannot write kshell's state file " + path + ": " + cause.getClass().getSimpleName()
                + (cause.getMessage() == null ? "" : ": " + cause.getMessage()), cause);
    }
}
