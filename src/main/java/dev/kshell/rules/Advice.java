package dev.kshell.rules;

/**
 * What to do about one leaderless partition.
 *
 * @param text    one sentence for the operator, commands in backticks
 * @param command the kshell command line to type next, or null when the step is outside kshell (start a broker)
 */
public record Advice(String text, String command) {
}
