package dev.kshell.render;

import dev.kshell.rules.election.ElectionResults;
import dev.kshell.workflow.election.PostElectionCheck;
import dev.kshell.rules.election.PreferredPlan;
import dev.kshell.rules.guard.Refusal;
import dev.kshell.rules.election.ReplicaEvidence;
import dev.kshell.rules.election.RestoreOrderPlan;
import dev.kshell.rules.election.UncleanPlan;

import java.util.List;
import java.util.stream.Collectors;
import dev.kshell.rules.QuorumStability;
import java.util.Locale;

/** Pure renderers for {@code elect}: plans, results and post-election checks, as (data, width, color) -> text. */
public final class ElectionTables {

    private ElectionTables() {
    }

    public static String preferredPlan(PreferredPlan plan, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        if (!plan.rows().isEmpty()) {
            Table table = Table.of("Partition", "Leader", "Preferred", "In ISR", "ISR", "Verdict", "Reason");
            for (PreferredPlan.Row r : plan.rows()) {
                Tone tone = switch (r.verdict()) {
                    case WILL_ELECT -> Tone.PLAIN;
                    case NOT_NEEDED -> Tone.DIM;
                    case CANNOT -> Tone.WARN;
                };
                table.row(tone, r.partition(), r.currentLeader() == null ? "none" : r.currentLeader(),
                        r.preferredLeader(), r.preferredInIsr() ? "yes" : "no", r.isr(), verdict(r.verdict()), r.reason());
            }
            out.append(table.render(width, color));
        }
        out.append("Plan: ").append(plan.count(PreferredPlan.Verdict.WILL_ELECT)).append(" to elect, ")
                .append(plan.count(PreferredPlan.Verdict.CANNOT)).append(" cannot");
        if (plan.alreadyPreferred() > 0) {
            out.append(", ").append(plan.alreadyPreferred()).append(" already led by their preferred replica (not shown)");
        }
        return out.append('\n').toString();
    }

    private static String verdict(PreferredPlan.Verdict v) {
        return switch (v) {
            case WILL_ELECT -> "will elect";
            case NOT_NEEDED -> "not needed";
            case CANNOT -> "cannot";
        };
    }

    /** "none", "4" for a live leader, "4(dead)" only when broker 4 is not live. */
    static String leader(UncleanPlan.Row r) {
        if (r.leader() == null) {
            return "none";
        }
        boolean live = r.replicas().stream().anyMatch(v -> v.id() == r.leader() && v.live());
        return r.leader() + (live ? "" : "(dead)");
    }

    public static String uncleanPlan(UncleanPlan plan, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        Table table = Table.of("Partition", "Leader", "Replicas", "ISR", "ELR", "Last-known ELR");
        for (UncleanPlan.Row r : plan.rows()) {
            String replicas = r.replicas().stream().map(v -> v.id() + (v.live() ? "" : "(dead)"))
                    .collect(Collectors.joining(","));
            table.row(r.refusal() == null ? Tone.BAD : Tone.PLAIN, r.partition(),
                    leader(r), replicas, r.isr(), r.elr(), r.lastKnownElr());
        }
        if (!table.isEmpty()) {
            out.append(table.render(width, color));
        }
        if (plan.quorum() != null && plan.quorumKind() != QuorumStability.Kind.STABLE) {
            out.append(line(width, "Quorum", plan.quorum()));
        }
        for (UncleanPlan.Row r : plan.rows()) {
            if (plan.rows().size() > 1) {
                out.append(r.partition()).append(":\n");
            }
            if (r.refusal() != null) {
                out.append(line(width, "Refused", r.refusal().message()));
                continue;
            }
            for (UncleanPlan.ReplicaView v : r.replicas()) {
                if (v.live()) {
                    out.append(line(width, "Broker " + v.id(), evidence(v.evidence())));
                }
            }
            out.append(line(width, "Kafka would pick", r.kafkaPick() == null ? "nothing (no live replica)"
                    : "broker " + r.kafkaPick() + " (first live replica in assignment order)"));
            out.append(line(width, "Evidence", r.choice()));
            if (r.reorder()) {
                out.append(line(width, "Plan", "reassign " + ids(r.originalOrder()) + " -> " + ids(r.newOrder())
                        + " (same set, no data moves), then elect uncleanly: broker " + r.winner() + " leads"));
            } else {
                out.append(line(width, "Plan", "elect uncleanly: broker " + r.winner() + " leads"));
            }
            out.append(line(width, "Remembered", r.remembered() == null ? "nothing (kshell remembers a partition's high watermark while it is at "
                    + "risk: in a shell's background, or with `remember offsets`; it never saw " + r.partition() + " so)" : "high watermark " + r.remembered().highWatermark()
                    + (r.remembered().endOffset() >= 0 ? ", end offset " + r.remembered().endOffset() : "")
                    + " (seen " + r.remembered().seenAt() + ")"));
            out.append(line(width, "Data at risk", r.dataAtRisk().summary()));
            for (String note : r.notes()) {
                out.append(line(width, "Note", note));
            }
        }
        return out.toString();
    }

    private static String evidence(ReplicaEvidence e) {
        if (e == null) {
            return "no evidence read";
        }
        StringBuilder s = new StringBuilder();
        s.append("log ").append(e.logSizeBytes() == null ? "size unknown" : e.logSizeBytes() + " B");
        s.append(", producer last sequence ").append(e.maxProducerLastSequence() == null ? "unknown"
                : e.maxProducerLastSequence());
        if (e.logEndOffset() != null) {
            s.append(", log end offset ").append(e.logEndOffset());
        }
        if (e.error() != null) {
            s.append(" (").append(e.error()).append(')');
        }
        return s.toString();
    }

    public static String restorePlan(RestoreOrderPlan plan, int width, boolean color) {
        Table table = Table.of("Partition", "Replicas now", "Original", "Verdict", "Reason");
        for (RestoreOrderPlan.Row r : plan.rows()) {
            table.row(r.verdict() == RestoreOrderPlan.Verdict.CANNOT ? Tone.WARN : Tone.PLAIN, r.partition(),
                    r.currentOrder(), r.originalOrder(), r.verdict().name().toLowerCase(Locale.ROOT)
                            .replace('_', ' '), r.reason());
        }
        return table.isEmpty() ? "" : table.render(width, color);
    }

    public static String results(ElectionResults results, List<PostElectionCheck> checks, List<String> lines,
                                 int width, boolean color) {
        StringBuilder out = new StringBuilder();
        for (String l : lines) {
            out.append(l).append('\n');
        }
        Table table = Table.of("Partition", "Result", "New leader", "Detail");
        for (ElectionResults.PartitionResult r : results.results()) {
            Tone tone = switch (r.outcome()) {
                case SUCCEEDED -> Tone.GOOD;
                case NOT_NEEDED -> Tone.DIM;
                case FAILED -> Tone.BAD;
            };
            table.row(tone, r.partition(), r.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-'),
                    r.newLeader(), r.message());
        }
        if (!table.isEmpty()) {
            out.append(table.render(width, color));
        }
        var counts = results.counts();
        out.append(counts.get(ElectionResults.ResultClass.SUCCEEDED)).append(" succeeded, ")
                .append(counts.get(ElectionResults.ResultClass.NOT_NEEDED)).append(" not needed, ")
                .append(counts.get(ElectionResults.ResultClass.FAILED)).append(" failed\n");
        for (PostElectionCheck c : checks) {
            boolean bad = !c.leaderLive() || Boolean.FALSE.equals(c.acksAllWritable())
                    || (c.recordsLost() != null && c.recordsLost() > 0);
            for (String l : c.lines()) {
                out.append(bad ? Tone.WARN.paint(l, color) : l).append('\n');
            }
        }
        return out.toString();
    }

    public static String refusal(List<Refusal> refusals, boolean color) {
        StringBuilder out = new StringBuilder();
        for (Refusal r : refusals) {
            out.append(Tone.BAD.paint("refused: " + r.message(), color)).append('\n');
            if (r.alternative() != null) {
                out.append("  instead: ").append(r.alternative()).append('\n');
            }
        }
        return out.toString();
    }

    /** "  Label            : text", wrapped at the terminal's width on word boundaries under the text's column. */
    private static String line(int width, String label, String text) {
        return Prose.text(String.format("  %-17s: %s", label, text), width, 21);
    }

    private static String ids(List<Integer> ids) {
        return "[" + ids.stream().map(String::valueOf).collect(Collectors.joining(",")) + "]";
    }
}
