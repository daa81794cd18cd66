package dev.kshell.runbook;

/** One problem found in a runbook, with the (first physical) line it is on; 0 for problems with no line. */
public record RunbookError(String file, int line, String message) {

    /** {@code file:line: message}, or {@code file: message} when there is no line. */
    public String render() {
        return line > 0 ? file + ":" + line + ": " + message : file + ": " + message;
    }

    @Override
    public String toString() {
        return render();
    }
}
