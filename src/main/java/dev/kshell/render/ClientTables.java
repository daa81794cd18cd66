package dev.kshell.render;

import dev.kshell.rules.clients.GroupReport;
import dev.kshell.rules.clients.GroupRow;
import dev.kshell.rules.clients.GroupsReport;
import dev.kshell.rules.clients.PartitionLag;
import dev.kshell.rules.clients.TransactionsReport;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.util.List;

/**
 * {@code groups}, {@code group GROUP} and {@code transactions} as text: pure {@code (report, width, color) -> text}.
 * Every string a client chose (group, member, client and transactional ids, hosts) and every note that may quote
 * one goes through {@link Safe#text} first; JSON output does not come here.
 */
public final class ClientTables {

    /** Samples drawn in a trend. */
    static final int TREND_WIDTH = 12;

    private ClientTables() {
    }

    // ---- groups

    public static String groups(GroupsReport r, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        long lag = r.groups().stream().filter(g -> g.lag() != null).mapToLong(GroupRow::lag).sum();
        long hurt = r.hurt();
        String head = DiagnosisTables.plural(r.groups().size(), "group") + ", total lag " + lag + " records"
                + (hurt == 0 ? "" : "; " + hurt + " hurt (offsets out of range or a sick coordinator partition)");
        out.append((hurt == 0 ? Tone.PLAIN : Tone.BAD).paint(head, color)).append('\n');
        if (!r.groups().isEmpty()) {
            Table t = Table.of("Group", "Type", "Protocol", "State", "Members", "Coordinator", "Lag", "Out of range",
                    "Trend");
            for (GroupRow g : r.groups()) {
                Tone tone = g.outOfRange() > 0 || g.coordinatorProblem() != null ? Tone.BAD
                        : g.unknown() != null ? Tone.WARN : Tone.PLAIN;
                t.row(tone, Safe.text(g.groupId()), g.type(), blank(g.protocol()), g.state(), g.members(),
                        coordinator(g), lag(g), g.outOfRange() == 0 ? null : g.outOfRange(), trend(g));
            }
            out.append(t.render(width, color));
        }
        notes(out, r.typesMissing() == null ? r.notes() : prepend(r.typesMissing(), r.notes()), r.groups());
        return out.toString();
    }

    private static String coordinator(GroupRow g) {
        String broker = g.coordinator() == null ? "?" : g.coordinator().toString();
        return broker + (g.coordinatorProblem() != null ? " " + g.coordinatorProblem().toUpperCase()
                : g.coordinatorPartition() == null ? "" : " ok");
    }

    private static String lag(GroupRow g) {
        if (g.unknown() != null && g.lag() == null) {
            return "unknown";
        }
        String known = g.lag() == null ? "?" : Long.toString(g.lag());
        return g.lagUnknown() == 0 ? known : known + " (+" + g.lagUnknown() + " ?)";
    }

    private static String lagWords(GroupRow g) {
        String lag = lag(g);
        return lag.equals("unknown") ? lag : lag + " records";
    }

    private static String trend(GroupRow g) {
        if (g.lagSamples().size() < 2) {
            return null;
        }
        return Sparkline.of(g.lagSamples(), TREND_WIDTH) + (g.trend() == null ? "" : " " + g.trend());
    }

    private static void notes(StringBuilder out, List<String> notes, List<GroupRow> rows) {
        for (GroupRow g : rows) {
            if (g.unknown() != null) {
                out.append(Safe.text(g.groupId())).append(": unknown: ").append(Safe.text(g.unknown())).append('\n');
            }
        }
        notes.forEach(n -> out.append(Safe.text(n)).append('\n'));
    }

    // ---- group GROUP

    public static String group(GroupReport r, int width, boolean color) {
        GroupRow g = r.group();
        StringBuilder out = new StringBuilder();
        long outOfRange = r.partitions().stream().filter(p -> p.outOfRange() != null).count();
        String head = "group " + Safe.text(g.groupId()) + ": " + g.type() + ", " + (g.state() == null ? "state unknown"
                : g.state()) + ", " + (g.members() == null ? "members unknown" : DiagnosisTables.plural(g.members(),
                "member")) + ", coordinator " + coordinator(g) + (g.coordinatorPartition() == null ? ""
                : " (" + g.coordinatorPartition() + ")") + "; lag " + lagWords(g) + " on "
                + DiagnosisTables.plural(g.partitions(), "partition")
                + (outOfRange == 0 ? "" : ", " + outOfRange + " OUT OF RANGE");
        out.append((outOfRange > 0 || g.coordinatorProblem() != null ? Tone.BAD : Tone.PLAIN).paint(head, color))
                .append('\n');
        if (r.groupEpoch() != null) {
            out.append("group epoch ").append(r.groupEpoch()).append(", target assignment epoch ")
                    .append(r.targetEpoch()).append(r.assignor() == null ? "" : ", assignor " + Safe.text(r.assignor()))
                    .append('\n');
        }
        if (!r.members().isEmpty()) {
            out.append('\n');
            Table m = Table.of("Member", "Client id", "Host", "Assigned", "Epoch", "Reconciling");
            for (GroupReport.MemberRow row : r.members()) {
                m.row(row.reconciling() == null ? Tone.PLAIN : Tone.WARN, Safe.text(shortId(row)),
                        Safe.text(row.clientId()), Safe.text(row.host()),
                        row.assigned().stream().map(Safe::text).toList(), row.memberEpoch(), row.reconciling());
            }
            out.append(m.render(width, color));
        }
        if (!r.partitions().isEmpty()) {
            out.append('\n');
            Table p = Table.of("Partition", "Committed", "Log start", "Log end", "Last stable", "Lag", "Lag time",
                    "Range");
            for (PartitionLag row : r.partitions()) {
                p.row(row.outOfRange() != null ? Tone.BAD : row.unknown() != null ? Tone.WARN : Tone.PLAIN,
                        Safe.text(row.partition()), row.committed(), row.logStart(), row.logEnd(),
                        row.heldBack() > 0 ? row.lastStable() : null, row.lag(), lagTime(row), range(row));
            }
            out.append(p.render(width, color));
        }
        outOfRange(out, r.partitions());
        holders(out, r.holders());
        for (PartitionLag row : r.partitions()) {
            if (row.unknown() != null) {
                out.append(Safe.text(row.partition())).append(": ").append(Safe.text(row.unknown())).append('\n');
            }
        }
        if (g.unknown() != null) {
            out.append("unknown: ").append(Safe.text(g.unknown())).append('\n');
        }
        r.notes().forEach(n -> out.append(Safe.text(n)).append('\n'));
        out.append(r.lagHow()).append('\n');
        return out.toString();
    }

    private static String shortId(GroupReport.MemberRow m) {
        return m.instanceId() != null ? m.instanceId() + " (static)" : m.memberId();
    }

    private static String lagTime(PartitionLag p) {
        if (p.outOfRange() != null) {
            return null;
        }
        if (p.lagMs() == null) {
            return p.lag() == null || p.lag() == 0 ? null : "?";
        }
        if (p.lagMs() < 1000 && p.lag() != null && p.lag() > 0) {
            return "<1s"; // a few records of a group that keeps up: not "0s", which reads as caught up
        }
        return (p.lagMsAtLeast() ? ">=" : "") + Durations.format(Duration.ofSeconds(p.lagMs() / 1000));
    }

    private static String range(PartitionLag p) {
        if (p.unknown() != null) {
            return "unknown";
        }
        if (p.committed() == null) {
            return "no commit";
        }
        return p.outOfRange() == null ? "ok" : p.outOfRange().toUpperCase().replace('-', ' ');
    }

    private static void outOfRange(StringBuilder out, List<PartitionLag> partitions) {
        List<PartitionLag> out0 = partitions.stream().filter(p -> p.outOfRange() != null).toList();
        if (out0.isEmpty()) {
            return;
        }
        out.append("\nOut of range: the consumer's next fetch of these resets by its auto.offset.reset, which the "
                + "cluster does not tell; both cases:\n");
        for (PartitionLag p : out0) {
            String why = PartitionLag.BELOW_START.equals(p.outOfRange())
                    ? "committed " + p.committed() + " is below the log start " + p.logStart() + " (records deleted by "
                    + "retention or delete-records, or an empty replica took over)"
                    : "committed " + p.committed() + " is above the log end " + p.logEnd() + " (the log was "
                    + "truncated: an unclean election or an empty replica)";
            out.append("  ").append(Safe.text(p.partition())).append(": ").append(why).append('\n');
            out.append("    ").append(p.onEarliest().says()).append('\n');
            out.append("    ").append(p.onLatest().says()).append('\n');
            out.append("    none: the consumer fails (OffsetOutOfRangeException) until the offset is reset\n");
        }
    }

    private static void holders(StringBuilder out, List<GroupReport.Holder> holders) {
        if (holders.isEmpty()) {
            return;
        }
        out.append("\nOpen transactions holding read_committed readers at the last stable offset:\n");
        for (GroupReport.Holder h : holders) {
            var t = h.transaction();
            out.append("  ").append(Safe.text(h.partition())).append(": producer ").append(t.producerId())
                    .append(t.transactionalId() == null ? "" : " (transactional id " + Safe.text(t.transactionalId())
                            + ")").append(", from offset ").append(t.startOffset())
                    .append(t.ageMs() == null ? "" : ", last write " + age(t.ageMs()) + " ago").append(": ")
                    .append(h.heldBack()).append(" records held back")
                    .append(t.hanging() ? " (HANGING: `transactions`)" : "").append('\n');
        }
    }

    // ---- groups reset-offsets

    /** The plan of a reset: per partition old, new, records skipped or read again. */
    public static String resetPlan(dev.kshell.rules.clients.ResetPlan plan, int width, boolean color) {
        StringBuilder out = new StringBuilder("plan: reset group ").append(Safe.text(plan.groupId())).append(' ')
                .append(plan.to()).append(" on ").append(DiagnosisTables.plural(plan.rows().size(), "partition"))
                .append(": ").append(plan.skipped()).append(" unread records skipped, ").append(plan.reread())
                .append(" records read again\n");
        Table t = Table.of("Partition", "Committed", "New", "Log start", "Log end", "Skipped", "Read again", "Note");
        for (var r : plan.rows()) {
            t.row(r.skipped() > 0 ? Tone.BAD : r.reread() > 0 ? Tone.WARN : Tone.PLAIN, Safe.text(r.partition()),
                    r.current(), r.target(), r.logStart(), r.logEnd(), r.skipped(), r.reread(), r.note());
        }
        return out.append(t.render(width, color)).toString();
    }

    /** What a reset did (the plan was printed before the question). */
    public static String resetResult(dev.kshell.workflow.clients.ResetOffsetsWorkflow.Result r) {
        StringBuilder out = new StringBuilder();
        if (r.exported() != null) {
            out.append("plan written to ").append(Safe.text(r.exported())).append(" (kafka-consumer-groups.sh "
                    + "--reset-offsets --from-file reads it)\n");
        }
        if ("dry-run".equals(r.outcome())) {
            return out.append("dry run: nothing was changed\n").toString();
        }
        r.failed().forEach((p, why) -> out.append(Safe.text(p)).append(": not committed: ").append(Safe.text(why))
                .append('\n'));
        return out.append(r.failed().isEmpty() ? "group " + Safe.text(r.plan().groupId()) + ": committed the new "
                + "offsets on " + DiagnosisTables.plural(r.plan().rows().size(), "partition") + "\n"
                : r.failed().size() + " of " + r.plan().rows().size() + " partitions failed\n").toString();
    }

    // ---- transactions abort

    public static String abortPlan(dev.kshell.workflow.clients.AbortWorkflow.Plan plan) {
        var t = plan.transaction();
        return "plan: abort the open transaction of producer " + t.producerId() + " (epoch " + t.producerEpoch()
                + (t.transactionalId() == null ? "" : ", transactional id " + Safe.text(t.transactionalId()))
                + (t.coordinatorState() == null ? ", unknown to its coordinator" : ", coordinator says "
                + t.coordinatorState()) + ") on " + Safe.text(plan.partition()) + " from offset " + t.startOffset()
                + (plan.logEnd() == null ? "" : ": up to " + Math.max(0, plan.logEnd() - t.startOffset())
                + " records from there to the log end are its or later ones") + (t.hanging() ? "; it HANGS" : "")
                + "\n";
    }

    public static String abortResult(dev.kshell.workflow.clients.AbortWorkflow.Result r) {
        if ("dry-run".equals(r.outcome())) {
            return "dry run: nothing was changed\n";
        }
        if (r.failure() != null) {
            return "failed: " + Safe.text(r.failure()) + "\n";
        }
        return "aborted: " + (r.stillOpen() ? "the partition still shows it open (its leader may not have written the "
                + "marker yet: `transactions` again)" : "the partition no longer holds it; read_committed readers "
                + "move on") + "\n";
    }

    // ---- transactions

    public static String transactions(TransactionsReport r, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        if (r.unavailable() != null) {
            out.append("transactions: ").append(r.unavailable()).append('\n');
        }
        long hanging = r.hanging();
        String head = DiagnosisTables.plural(r.transactions().size(), "open transaction") + " ("
                + DiagnosisTables.plural(r.listed(), "transactional id") + " listed)"
                + (hanging == 0 ? "" : "; " + hanging + " HANGING");
        out.append((hanging > 0 ? Tone.BAD : Tone.PLAIN).paint(head, color)).append('\n');
        if (!r.transactions().isEmpty()) {
            Table t = Table.of("Transactional id", "Producer", "State", "Age", "Partitions", "Held back", "Hanging");
            for (TransactionsReport.Row row : r.transactions()) {
                t.row(row.hanging() ? Tone.BAD : Tone.PLAIN, row.transactionalId() == null ? "(unknown)"
                                : Safe.text(row.transactionalId()), row.producerId() + (row.producerEpoch() == null ? ""
                                : "/" + row.producerEpoch()), row.state() == null ? "unknown" : row.state(),
                        row.ageMs() == null ? null : age(row.ageMs()), row.partitions(),
                        row.heldBack() == 0 ? null : row.heldBack() + " (" + row.held().size() + " partitions)",
                        row.hanging() ? "yes" : null);
            }
            out.append(t.render(width, color));
            for (TransactionsReport.Row row : r.transactions()) {
                if (row.hanging()) {
                    out.append(row.transactionalId() == null ? "producer " + row.producerId()
                            : Safe.text(row.transactionalId())).append(": ").append(Safe.text(row.why())).append('\n');
                }
            }
        }
        r.notes().forEach(n -> out.append(Safe.text(n)).append('\n'));
        return out.toString();
    }

    private static String age(long ms) {
        return Durations.format(Duration.ofSeconds(ms / 1000));
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : Safe.text(s);
    }

    private static List<String> prepend(String first, List<String> rest) {
        java.util.ArrayList<String> out = new java.util.ArrayList<>();
        out.add(first);
        out.addAll(rest);
        return out;
    }
}
