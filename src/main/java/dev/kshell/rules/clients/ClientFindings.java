package dev.kshell.rules.clients;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.rules.SideFinding;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/**
 * Triage's clients side (step 5, clients and availability): groups hurt by the incident. A committed offset out of
 * range (the next fetch resets: records skipped or read twice), a coordinator that did not answer, a group stuck
 * rebalancing or reconciling for as long as this session has watched it, lag that grew at every read. Groups on a
 * sick coordinator partition are named by the coordinators' own side read already. Pure.
 */
public final class ClientFindings {

    public static final String SOURCE = "clients";
    /** Triage's step for the clients' side. */
    static final int STEP = 5;
    /** How long a session must have watched before a group's rebalance counts as stuck. */
    public static final long STUCK_AFTER_MS = 30_000;

    private static final Set<String> MOVING = Set.of("PreparingRebalance", "CompletingRebalance", "Reconciling",
            "Assigning");

    private ClientFindings() {
    }

    /**
     * @param stateSince  since when (epoch ms) this session has seen each group in its current state, or null
     * @param watchedFrom when this session first read this cluster's groups (epoch ms), or null
     */
    public static List<SideFinding> of(GroupsReport report, Function<String, Long> stateSince, Long watchedFrom,
                                       long nowMs) {
        List<SideFinding> out = new ArrayList<>();
        for (GroupRow g : report.groups()) {
            String where = "group " + g.groupId();
            String next = "`group " + g.groupId() + "`";
            if (g.outOfRange() > 0) {
                out.add(finding(Severity.ERROR, "group-offsets-out-of-range", where, "group " + g.groupId() + " has "
                        + g.outOfRange() + " partition" + (g.outOfRange() == 1 ? "" : "s") + " whose committed offset "
                        + "lies outside the log (deleted below it, or truncated above it): its next fetch resets by "
                        + "auto.offset.reset, skipping or re-reading records", next));
            }
            if (g.unknown() != null && g.unknown().toLowerCase().contains("coordinator")) {
                out.add(finding(Severity.WARNING, "group-coordinator-unavailable", where, "group " + g.groupId()
                        + ": its coordinator did not answer (" + g.unknown() + ")", "`coordinators --group "
                        + g.groupId() + "`"));
            }
            Long since = stateSince.apply(g.groupId());
            if (g.state() != null && MOVING.contains(g.state()) && since != null && watchedFrom != null
                    && since <= watchedFrom && nowMs - watchedFrom >= STUCK_AFTER_MS) {
                out.add(finding(Severity.WARNING, "group-stuck-rebalancing", where, "group " + g.groupId() + " has "
                        + "been " + g.state() + " for at least " + (nowMs - since) / 1000 + " s (as long as this "
                        + "session has watched it)", next));
            }
            if (LagTrend.GROWING.equals(g.trend())) {
                List<Long> s = g.lagSamples();
                out.add(finding(Severity.WARNING, "group-lag-growing", where, "group " + g.groupId() + ": lag grew at "
                        + "every one of this session's " + s.size() + " reads, " + s.get(0) + " -> " + s.get(s.size() - 1)
                        + " records", next));
            }
        }
        return out;
    }

    private static SideFinding finding(Severity severity, String rule, String where, String message, String fix) {
        return new SideFinding(STEP, SOURCE, new Finding(severity, rule, where, message, fix));
    }
}
