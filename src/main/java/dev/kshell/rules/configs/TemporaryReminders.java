package dev.kshell.rules.configs;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.model.TemporaryChange;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Temporary config changes whose time has passed, as reminders: triage's step 6 (configs and time), {@code status}
 * and the prompt say each until it is reverted or kept. Pure.
 */
public final class TemporaryReminders {

    public static final String RULE = "temporary-config-due";

    private TemporaryReminders() {
    }

    /** One WARNING per due change, naming it and its undo command (triage's step 6 takes them as side findings). */
    public static List<Finding> findings(List<TemporaryChange> changes, Instant now) {
        return changes.stream().filter(c -> c.due(now)).map(c -> new Finding(Severity.WARNING, RULE,
                c.entity().words(), sentence(c, now), "`configs revert " + c.id() + "` (or `configs keep " + c.id()
                        + "` if it should stay)")).toList();
    }

    /** "temporary change t1 (min.insync.replicas=1, made by op 2h ago for 1h) was due 1h ago: still in force ...". */
    public static String sentence(TemporaryChange c, Instant now) {
        return "temporary change " + c.id() + " (" + String.join(" ", c.changed()) + ", made by " + c.by() + " "
                + ago(c.madeAt(), now) + " for " + Durations.format(seconds(Duration.between(c.madeAt(), c.dueAt())))
                + ") was due " + ago(c.dueAt(), now) + ": it is still in force until someone reverts it";
    }

    /** The prompt's word: {@code revert t1} for one, {@code revert 3 due} for more; empty for none. */
    public static String promptMark(List<TemporaryChange> changes, Instant now) {
        List<TemporaryChange> due = changes.stream().filter(c -> c.due(now)).toList();
        if (due.isEmpty()) {
            return "";
        }
        return due.size() == 1 ? "revert " + due.get(0).id() : "revert " + due.size() + " due";
    }

    private static String ago(Instant then, Instant now) {
        return Durations.format(seconds(Duration.between(then, now))) + " ago";
    }

    private static Duration seconds(Duration d) {
        return Duration.ofSeconds(Math.max(0, d.toSeconds()));
    }
}
