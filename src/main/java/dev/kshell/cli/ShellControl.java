package dev.kshell.cli;

/** Lets a command end the REPL. */
public final class ShellControl {
    private volatile boolean exitRequested;

    public void requestExit() {
        exitRequested = true;
    }

    public boolean exitRequested() {
        return exitRequested;
    }
}
