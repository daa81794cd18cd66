package dev.kshell.model;

import java.time.Instant;
import java.util.List;

/**
 * A config change made with {@code --for DURATION}, as kshell remembers it per cluster until it is reverted or kept.
 *
 * @param id          short, unique per cluster ({@code t1}, {@code t2}, ...): what {@code configs revert} and {@code configs
 *                    keep} take
 * @param entity      whose configs
 * @param changed     what was set, as {@code key=value} (secrets masked) or {@code key (deleted)}
 * @param undo        the changes that put it back
 * @param madeAt      when it was made
 * @param dueAt       when it should be reverted
 * @param by          who made it (the operating system's user)
 * @param commandLine the command as typed, secrets masked
 */
public record TemporaryChange(String id, ConfigEntity entity, List<String> changed, List<ConfigOp> undo,
                              Instant madeAt, Instant dueAt, String by, String commandLine) {

    public TemporaryChange {
        changed = List.copyOf(changed);
        undo = List.copyOf(undo);
    }

    /** True once its time has passed. */
    public boolean due(Instant now) {
        return !now.isBefore(dueAt);
    }
}
