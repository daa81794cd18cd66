package dev.kshell.cli;

/** Asks the operator something at the terminal. Answers never land in the command history. */
public interface Prompter {

    /** True when a person can answer (a terminal is attached). */
    boolean interactive();

    /** Shows the question and returns the typed answer, or null at end of input / Ctrl-C. */
    String ask(String question);

    /** No terminal: every question goes unanswered. */
    Prompter NONE = new Prompter() {
        @Override
        public boolean interactive() {
            return false;
        }

        @Override
        public String ask(String question) {
            return null;
        }
    };
}
