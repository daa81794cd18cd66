package dev.kshell.grammar;

import java.util.Locale;
import java.util.Optional;

/** Where help lists a command: one heading per group, in this order. */
public enum Group {
    SESSION("Session"),
    STATE("State"),
    DIAGNOSIS("Diagnosis"),
    JUDGEMENT("Judgement"),
    ACTION("Action"),
    AUTOMATION("Automation"),
    HELP("Help"),
    SANDBOX("Sandbox");

    private final String title;

    Group(String title) {
        this.title = title;
    }

    /** The heading help shows ({@code State}). */
    public String title() {
        return title;
    }

    /** The group a word names, in any case ({@code state}, {@code State}). */
    public static Optional<Group> named(String word) {
        for (Group g : values()) {
            if (g.title.equalsIgnoreCase(word) || g.name().equals(word.toUpperCase(Locale.ROOT))) {
                return Optional.of(g);
            }
        }
        return Optional.empty();
    }
}
