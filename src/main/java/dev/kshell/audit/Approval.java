package dev.kshell.audit;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * The proof that a mutation was approved and recorded: made only by {@link AuditLog#confirm}, once the attempt's
 * confirmed line is on disk, and handed out only by the gate ({@code workflow.gate}, ArchitectureTest). While an act
 * runs, {@link #during} makes it the thread's current approval; every mutating call of the gateway asks
 * {@link #require} first, so a path that skipped the gate fails loudly (an internal error naming the call) instead
 * of changing a cluster without a plan, a question, a pin check or an audit line.
 */
public final class Approval {

    private static final ThreadLocal<Approval> CURRENT = new ThreadLocal<>();

    /** "action attemptId": the attempt whose confirmed line stands behind this approval, as messages name it. */
    private final String name;

    Approval(String attemptId, String action) {
        this.name = action + " " + attemptId;
    }

    /** Runs {@code act} with this approval current on this thread (nested approvals stack). */
    public <T> T during(Supplier<T> act) {
        Approval before = CURRENT.get();
        CURRENT.set(this);
        try {
            return act.get();
        } finally {
            if (before == null) {
                CURRENT.remove();
            } else {
                CURRENT.set(before);
            }
        }
    }

    /** The approval the current thread acts under, if any. */
    public static Optional<Approval> current() {
        return Optional.ofNullable(CURRENT.get());
    }

    /**
     * What every mutating call of the gateway does first.
     *
     * @throws IllegalStateException when no approval is current: a defect (exit 70), never a cluster change
     */
    public static void require(String operation) {
        if (CURRENT.get() == null) {
            throw new IllegalStateException(operation + " was called outside the gate: no confirmed audit line stands "
                    + "behind it (a defect of kshell; nothing was sent)");
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
