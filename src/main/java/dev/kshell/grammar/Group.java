package dev.kshell.grammar;

import java.util.Locale;
import java.util.Optional;

/** Where help lists a command: one heading per group, in this order. */
public enum Group {
    SESSION,
    STATE,
    DIAGNOSIS,
    JUDGEMENT,
    ACTION,
    AUTOMATION,
    HELP,
    SANDBOX;

    /** The heading help shows: the name capitalised ({@code State}). */
    public String title() {
        return name().charAt(0) + name().substring(1).toLowerCase(Locale.ROOT);
    }

    /** The group a word names, in any case ({@code state}, {@code State}). */
    public static Optional<Group> named(String word) {
        for (Group g : values()) {
            if (g.name().equalsIgnoreCase(word)) {
                return Optional.of(g);
            }
        }
        return Optional.empty();
    }
}
