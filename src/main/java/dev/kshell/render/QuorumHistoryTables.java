package dev.kshell.render;

import dev.kshell.rules.QuorumStability;
import dev.kshell.model.LeaderTerm;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

/** {@code quorum --history}: the leader terms kshell remembers, one row each, and the stability judgement. */
public final class QuorumHistoryTables {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
            .withZone(ZoneOffset.UTC);

    private QuorumHistoryTables() {
    }

    /**
     * One term as {@code quorum --history} shows it.
     *
     * @param change what changed from the row before ("leader 1 -> 2", "re-elected", "epoch +3"), or null for the
     *               first row
     */
    public record TermRow(int leaderId, long epoch, String mode, String source, Instant firstSeenAt,
                          Instant lastSeenAt, String change) {
        public boolean hasLeader() {
            return leaderId >= 0;
        }
    }

    /**
     * The model of {@code quorum --history} (table and JSON).
     *
     * @param clusterId  the cluster
     * @param terms      oldest first
     * @param stability  the judgement over the history (the same triage and the guard use)
     * @param persistent true when earlier runs' reads are included (the state file), false for this session only
     * @param readError  why the quorum could not be read just now (the history is shown anyway), or null
     */
    public record QuorumHistoryView(String clusterId, List<TermRow> terms, QuorumStability stability,
                                    boolean persistent, String readError) {
        public QuorumHistoryView {
            terms = List.copyOf(terms);
        }
    }

    public static QuorumHistoryView view(String clusterId, List<LeaderTerm> terms, QuorumStability stability,
                                         boolean persistent, String readError) {
        List<TermRow> rows = new ArrayList<>();
        LeaderTerm before = null;
        for (LeaderTerm t : terms) {
            rows.add(new TermRow(t.leaderId(), t.epoch(), t.mode(), t.source(), t.firstSeenAt(), t.lastSeenAt(),
                    before == null ? null : change(before, t)));
            before = t;
        }
        return new QuorumHistoryView(clusterId, rows, stability, persistent, readError);
    }

    static String change(LeaderTerm before, LeaderTerm after) {
        String epochs = "";
        if (before.epoch() >= 0 && after.epoch() >= 0 && after.epoch() - before.epoch() > 1) {
            epochs = " (epoch +" + (after.epoch() - before.epoch()) + ": elections kshell did not see)";
        }
        if (!after.hasLeader()) {
            return "no leader";
        }
        if (!before.hasLeader()) {
            return "leader " + after.leaderId() + " elected" + epochs;
        }
        if (before.leaderId() == after.leaderId()) {
            return "leader " + after.leaderId() + " re-elected" + epochs;
        }
        return "leader " + before.leaderId() + " -> " + after.leaderId() + epochs;
    }

    public static String render(QuorumHistoryView v, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        String scope = v.persistent() ? "this session and earlier runs, last 24 h, up to 200 changes"
                : "this session only: no state file";
        out.append("quorum history of cluster ").append(v.clusterId()).append(" (").append(scope).append(")\n");
        if (v.readError() != null) {
            out.append(Tone.WARN.paint("the quorum could not be read now (" + v.readError()
                    + "): showing what kshell remembers", color)).append('\n');
        }
        if (v.terms().isEmpty()) {
            out.append("no quorum read remembered yet\n");
        } else {
            Instant windowStart = v.stability() == null ? null
                    : v.stability().judgedAt().minus(v.stability().window());
            Table table = Table.of("First seen (UTC)", "Last seen (UTC)", "Leader", "Epoch", "Mode", "Change");
            for (TermRow r : v.terms()) {
                boolean recent = r.change() != null && windowStart != null && !r.firstSeenAt().isBefore(windowStart);
                table.row(!r.hasLeader() ? Tone.BAD : recent ? Tone.WARN : Tone.PLAIN, TIME.format(r.firstSeenAt()),
                        TIME.format(r.lastSeenAt()), r.hasLeader() ? r.leaderId() : "none",
                        r.epoch() >= 0 ? r.epoch() : "-", r.mode(), r.change() == null ? "-" : r.change());
            }
            out.append(table.render(width, color));
        }
        if (v.stability() != null) {
            boolean unstable = v.stability().kind() == QuorumStability.Kind.UNSTABLE;
            Tone tone = v.stability().stable() ? Tone.GOOD : unstable ? Tone.WARN : Tone.PLAIN;
            out.append(tone.paint(v.stability().sentence(), color)).append('\n');
            if (unstable) {
                out.append("next: watch quorum\n");
            }
        }
        return out.toString();
    }
}
