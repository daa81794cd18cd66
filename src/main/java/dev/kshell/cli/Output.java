package dev.kshell.cli;

import java.io.PrintWriter;

/**
 * Where a command writes, and how. Commands never touch System.out.
 *
 * @param out   results
 * @param err   errors and progress
 * @param json  true for --output json
 * @param color ANSI colour allowed (a terminal, no --no-color, no NO_COLOR)
 * @param width terminal width, or 0 when unknown (piped)
 * @param terminal true when a person is at a terminal (progress lines, prompts)
 * @param height terminal height in lines, or 0 when unknown (piped): what {@code watch} fits its screen to
 */
public record Output(PrintWriter out, PrintWriter err, boolean json, boolean color, int width, boolean terminal,
                     int height) {

    /** Where and how to write, the height unknown. */
    public Output(PrintWriter out, PrintWriter err, boolean json, boolean color, int width, boolean terminal) {
        this(out, err, json, color, width, terminal, 0);
    }

    public Output withJson(boolean newJson) {
        return new Output(out, err, newJson, color, width, terminal, height);
    }

    public Output withColor(boolean newColor) {
        return new Output(out, err, json, newColor, width, terminal, height);
    }
}
