package dev.kshell.rules.guard;

import java.util.Locale;

/**
 * What the operator must answer before a mutation runs.
 *
 * @param prompt   the question to print
 * @param expected for a typed confirmation, the exact phrase; for a yes/no one, "y"
 * @param typed    true when the exact phrase must be typed (unclean), false for y/N (default No)
 */
public record Confirmation(String prompt, String expected, boolean typed) {

    public static Confirmation yesNo(String question) {
        return new Confirmation(question + " [y/N] ", "y", false);
    }

    public static Confirmation typed(String phrase, String what) {
        return new Confirmation(what + "\nType '" + phrase + "' to proceed (anything else aborts): ", phrase, true);
    }

    /**
     * Whether the answer confirms. A typed phrase must match exactly apart from surrounding blanks (so a pasted
     * trailing newline does not abort); y/N accepts "y" or "yes" in any case, and everything else, the empty
     * answer included, is No.
     */
    public boolean accepts(String answer) {
        if (answer == null) {
            return false;
        }
        String a = answer.strip();
        if (typed) {
            return a.equals(expected);
        }
        String lower = a.toLowerCase(Locale.ROOT);
        return lower.equals("y") || lower.equals("yes");
    }

    /**
     * Why {@code answer}, which {@link #accepts} refused, aborts the attempt, as the audit line and the operator read
     * it: no answer, a typed phrase that did not match, a no, or any other answer after {@code answered}.
     */
    public String abortReason(String answer, String answered) {
        if (answer == null) {
            return "no answer";
        }
        if (typed) {
            return "the typed confirmation did not match '" + expected + "'";
        }
        return answer.isBlank() ? "answered no" : answered + " '" + answer.strip() + "'";
    }
}
