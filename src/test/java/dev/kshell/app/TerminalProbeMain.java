package dev.kshell.app;

/** Prints what kshell's terminal check says about this process's stdin and stdout (for TerminalPrompterTest). */
public final class TerminalProbeMain {

    private TerminalProbeMain() {
    }

    public static void main(String[] args) {
        System.out.println("stdin=" + TerminalPrompter.isTerminal(0) + " stdout=" + TerminalPrompter.isTerminal(1)
                + " both=" + TerminalPrompter.standardStreamsAreTerminals());
    }
}
