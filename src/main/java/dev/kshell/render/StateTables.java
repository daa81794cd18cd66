package dev.kshell.render;

import java.util.List;
import dev.kshell.model.ZooKeeperState;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.Locale;

/** Text renderings of {@link StateViews}: pure {@code (view, width, color) -> text}. */
public final class StateTables {

    private StateTables() {
    }

    public static String quorum(StateViews.QuorumView q, int width, boolean color) {
        boolean dirs = q.voters().stream().anyMatch(r -> r.directoryId() != null)
                || q.observers().stream().anyMatch(r -> r.directoryId() != null);
        Table table = dirs
                ? Table.of("Node", "Role", "Status", "Log end offset", "Lag", "Last fetch", "Last caught up",
                        "Directory id")
                : Table.of("Node", "Role", "Status", "Log end offset", "Lag", "Last fetch", "Last caught up");
        for (StateViews.QuorumReplicaView r : q.voters()) {
            row(table, tone(r.status()), r, dirs);
        }
        for (StateViews.QuorumReplicaView r : q.observers()) {
            row(table, r.status().equals("not-fetching") ? Tone.WARN : Tone.PLAIN, r, dirs);
        }
        Tone verdictTone = q.healthy() ? Tone.GOOD : q.leaderId() < 0 || q.verdict().startsWith("NO ") ? Tone.BAD
                : Tone.WARN;
        StringBuilder out = new StringBuilder(verdictTone.paint(q.verdict(), color)).append("\n")
                .append("leader ").append(q.leaderId() < 0 ? "none" : q.leaderId()).append("  epoch ")
                .append(q.leaderEpoch()).append("  high watermark ").append(offset(q.highWatermark()));
        if (q.kind() != null) {
            out.append("  quorum ").append(q.kind());
        }
        out.append("\n\n").append(table.render(width, color));
        List<String> endpoints = q.voters().stream().filter(r -> !r.endpoints().isEmpty())
                .map(r -> r.id() + " " + String.join(" ", r.endpoints())).toList();
        if (!endpoints.isEmpty()) {
            out.append("voter endpoints: ").append(String.join(", ", endpoints)).append("\n");
        }
        for (String finding : q.findings()) {
            out.append(Tone.WARN.paint(finding, color)).append("\n");
        }
        return out.toString();
    }

    private static void row(Table table, Tone tone, StateViews.QuorumReplicaView r, boolean dirs) {
        if (dirs) {
            table.row(tone, r.id(), r.role(), r.status(), offset(r.logEndOffset()), r.lag(), age(r.lastFetchAgeMs()),
                    age(r.lastCaughtUpAgeMs()), r.directoryId() == null ? "" : r.directoryId());
        } else {
            table.row(tone, r.id(), r.role(), r.status(), offset(r.logEndOffset()), r.lag(), age(r.lastFetchAgeMs()),
                    age(r.lastCaughtUpAgeMs()));
        }
    }

    /** {@code quorum} in ZooKeeper mode: the controller, then each ZooKeeper server's own answer. */
    public static String controller(StateViews.ControllerView c, int width, boolean color) {
        Tone verdictTone = c.healthy() ? Tone.GOOD : c.controllerId() < 0 ? Tone.BAD : Tone.WARN;
        StringBuilder out = new StringBuilder(verdictTone.paint(c.verdict(), color)).append('\n');
        if (c.zooKeeper() == null) {
            return out.append(c.note()).append('\n').toString();
        }
        ZooKeeperState zk = c.zooKeeper();
        out.append("ZooKeeper ").append(zk.connect());
        if (zk.error() != null) {
            return out.append(": ").append(Tone.BAD.paint(zk.error(), color)).append('\n').toString();
        }
        out.append(": /controller ").append(zk.controllerId() == null ? "none" : zk.controllerId())
                .append(", /controller_epoch ").append(zk.controllerEpoch() == null ? "none" : zk.controllerEpoch())
                .append(", /brokers/ids ").append(zk.registeredBrokers()).append("\n\n");
        Table table = Table.of("Server", "Mode", "Version", "Outstanding", "Max latency ms", "Problem");
        for (ZooKeeperState.Server s : zk.servers()) {
            table.row(s.answered() ? Tone.PLAIN : Tone.BAD, s.endpoint(), s.mode(), s.version(), s.outstanding(),
                    s.maxLatencyMs(), s.error());
        }
        return out.append(table.render(width, color)).toString();
    }

    private static Tone tone(String status) {
        return switch (status) {
            case "leader", "caught-up" -> Tone.PLAIN;
            case "lagging" -> Tone.WARN;
            default -> Tone.BAD;
        };
    }

    public static String brokers(StateViews.BrokersView v, int width, boolean color) {
        Table table = Table.of("Id", "Endpoint", "Rack", "State", "Leader of", "Preferred of", "Replicas");
        for (StateViews.BrokerView b : v.brokers()) {
            table.row(b.fenced() ? Tone.BAD : Tone.PLAIN, b.id(), b.endpoint(), b.rack(), b.fenced() ? "FENCED" : "live",
                    b.leaderOf(), b.preferredLeaderOf(), b.replicas());
        }
        for (Integer id : v.missing()) {
            table.row(Tone.BAD, id, "-", "-", "MISSING", 0, "-", "-");
        }
        String summary = v.registered() + " registered, " + v.fenced() + " fenced"
                + (v.missing().isEmpty() ? "" : ", missing (hold replicas, not registered): " + v.missing());
        Tone tone = v.fenced() > 0 || !v.missing().isEmpty() ? Tone.WARN : Tone.GOOD;
        return table.render(width, color) + tone.paint(summary, color) + "\n";
    }

    public static String topics(List<StateViews.TopicSummary> topics, int width, boolean color) {
        StringWriter text = new StringWriter();
        writeTopics(new PrintWriter(text), topics, width, color);
        return text.toString();
    }

    /** Writes what {@link #topics} returns, a line at a time (a cluster may have thousands of topics). */
    public static void writeTopics(PrintWriter out, List<StateViews.TopicSummary> topics, int width,
                                   boolean color) {
        Table.write(out, "", List.of("Topic", "Partitions", "RF", "Min ISR", "Leaderless", "Under-replicated"),
                topics, t -> new Table.Line(t.leaderless() > 0 ? Tone.BAD : t.underReplicated() > 0 ? Tone.WARN
                        : Tone.PLAIN, t.name() + (t.internal() ? " (internal)" : ""), t.partitions(),
                        t.replicationFactor(), t.minIsr(), t.leaderless(), t.underReplicated()), width, color);
        out.append(String.valueOf(topics.size())).append(" topics\n");
        out.flush();
    }

    public static String describe(StateViews.TopicView t, int width, boolean color) {
        return describe(t, width, color, null);
    }

    /**
     * @param elrMissing when the cluster has no eligible leader replicas, the sentence that says so
     *                   ({@link dev.kshell.model.ClusterCapabilities#missing}); the ELR columns are then left out
     *                   rather than shown empty
     */
    public static String describe(StateViews.TopicView t, int width, boolean color, String elrMissing) {
        StringBuilder out = new StringBuilder();
        out.append("Topic ").append(t.name()).append(t.internal() ? " (internal)" : "")
                .append("  partitions ").append(t.partitions().size())
                .append("  replication factor ").append(t.replicationFactor())
                .append("  min.insync.replicas ").append(t.minIsr() == null ? "unknown" : t.minIsr())
                .append(t.minIsrSource() == null ? "" : " (" + t.minIsrSource() + ")").append('\n');
        Table table = elrMissing == null ? Table.of("Partition", "Leader", "Replicas", "ISR", "ELR", "Last known ELR")
                : Table.of("Partition", "Leader", "Replicas", "ISR");
        for (StateViews.PartitionView p : t.partitions()) {
            Tone tone = p.leaderless() ? Tone.BAD : p.isr().size() < p.replicas().size() ? Tone.WARN : Tone.PLAIN;
            String leader = p.leader() == null ? "none" : p.leaderless() ? p.leader() + "(dead)" : p.leader().toString();
            if (elrMissing == null) {
                table.row(tone, p.partition(), leader, p.replicas(), p.isr(), p.elr(), p.lastKnownElr());
            } else {
                table.row(tone, p.partition(), leader, p.replicas(), p.isr());
            }
        }
        out.append(table.render(width, color));
        if (elrMissing != null) {
            out.append("ELR: ").append(elrMissing).append('\n');
        }
        if (t.leaderless() > 0) {
            out.append(Tone.BAD.paint(t.leaderless() + " of " + t.partitions().size() + " partitions have no leader", color))
                    .append('\n');
        }
        return out.toString();
    }

    static String offset(long offset) {
        return offset < 0 ? "unknown" : String.valueOf(offset);
    }

    static String age(Long ms) {
        if (ms == null) {
            return "-";
        }
        if (ms < 1000) {
            return ms + "ms ago";
        }
        if (ms < 120_000) {
            return String.format(Locale.ROOT, "%.1fs ago", ms / 1000.0);
        }
        return (ms / 60_000) + "m ago";
    }
}
