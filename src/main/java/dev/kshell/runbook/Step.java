package dev.kshell.runbook;

import java.time.Duration;
import java.util.List;

import dev.kshell.runbook.ExpressionEvaluator.Compiled;

/**
 * One executable line of a runbook. {@code line} is the first physical line (continuations report the first);
 * {@code text} is the line as written, comments and continuations removed, for echoing and the transcript.
 */
public sealed interface Step {

    int line();

    String text();

    /**
     * A shell command line.
     *
     * @param commandLine the words after substitution, re-quoted: what the {@link StepRunner} receives
     * @param words       the words after tokenising and substitution
     * @param mutating    the catalog says it changes the cluster
     * @param unclean     the catalog says it is an unclean election
     */
    record Command(int line, String text, String commandLine, List<String> words, boolean mutating, boolean unclean)
            implements Step {
        public Command {
            words = List.copyOf(words);
        }
    }

    /** {@code echo ...}: prints the message (params substituted). */
    record Echo(int line, String text, String message) implements Step {
    }

    /** {@code assert EXPR [: "message"]}: stops the run with exit 1 when false. */
    record Assert(int line, String text, Compiled expression, String message) implements Step {
    }

    /** {@code wait-until EXPR [--timeout D] [--every D]}: polls until true, exit 1 at the timeout. */
    record WaitUntil(int line, String text, Compiled expression, Duration timeout, Duration every) implements Step {
    }

    /** {@code confirm "question"}: asks y/N at the terminal, or is answered by --yes. */
    record Confirm(int line, String text, String question) implements Step {
    }
}
