package dev.kshell.cli;

/** A prompter at a terminal that types one answer to every question (integration tests of the typed phrase). */
public final class ReassignAnswers {

    private ReassignAnswers() {
    }

    public static Prompter typing(String answer) {
        return new Prompter() {
            @Override
            public boolean interactive() {
                return true;
            }

            @Override
            public String ask(String question) {
                return answer;
            }
        };
    }
}
