package dev.kshell.runbook;

import java.nio.file.Path;

import dev.kshell.model.ExitCode;

/**
 * How a run ended.
 *
 * @param exitCode    OK when every step ran; otherwise the failing step's code (1 for a false assertion or a
 *                    wait-until timeout, 3 for a guard refusal, a declined confirm or an abort)
 * @param failedAt    {@code file:line} of the step that stopped the run; null when it completed
 * @param message     one line: why it stopped, or a summary
 * @param interrupted stopped by Ctrl-C (a thread interrupt, which the executor consumes); exit code REFUSED
 * @param transcript  the transcript file, or null when it could not be written
 */
public record RunResult(ExitCode exitCode, String failedAt, String message, boolean interrupted, Path transcript) {
}
