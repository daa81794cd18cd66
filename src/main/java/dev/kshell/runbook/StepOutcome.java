package dev.kshell.runbook;

/**
 * What one command step produced.
 *
 * @param exitCode the command's exit code (0 ok, 1 findings, 2-5 and 70 failures; see {@code ExitCode})
 * @param output   a copy of the text the command printed, for the transcript. The runner prints as the command runs
 *                 (so plans appear before prompts); the executor does not print it again. May be empty, not null.
 * @param model    the command's JSON model: a Jackson {@code JsonNode}, a Map/List tree, or the model record that
 *                 {@code --output json} would serialise; null when the command has none. It becomes {@code result}.
 */
public record StepOutcome(int exitCode, String output, Object model) {
    public StepOutcome {
        output = output == null ? "" : output;
    }
}
