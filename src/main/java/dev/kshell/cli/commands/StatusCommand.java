package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.util.Durations;

import java.time.Duration;
import java.time.Instant;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.rules.configs.TemporaryReminders;
import java.util.List;
import dev.kshell.model.ClusterCapabilities;

/** {@code status}: what this session is connected to, from memory (no cluster round trip). */
public class StatusCommand extends KshellCommand {

    private final ShellSession session;

    public StatusCommand(ShellSession session) {
        super(CommandSpec.named("status").group(Group.SESSION)
                .description("The session: connection, cluster id, deadline, last snapshot (no cluster call)")
                .traits(Trait.WATCHABLE));
        this.session = session;
    }

    public record Status(boolean connected, String label, String endpoints, boolean viaControllers, String timeout,
                         String clusterId, Instant lastSnapshotAt, Integer brokers, Integer liveBrokers,
                         Integer quorumLeader, Integer topics, String zooKeeper,
                         ClusterCapabilities capabilities, String records, List<String> temporaryDue) {

        public Status(boolean connected, String label, String endpoints, boolean viaControllers, String timeout,
                      String clusterId, Instant lastSnapshotAt, Integer brokers, Integer liveBrokers,
                      Integer quorumLeader, Integer topics, String zooKeeper,
                      ClusterCapabilities capabilities, String records) {
            this(connected, label, endpoints, viaControllers, timeout, clusterId, lastSnapshotAt, brokers, liveBrokers,
                    quorumLeader, topics, zooKeeper, capabilities, records, due(clusterId));
        }

        public Status(boolean connected, String label, String endpoints, boolean viaControllers, String timeout,
                      String clusterId, Instant lastSnapshotAt, Integer brokers, Integer liveBrokers,
                      Integer quorumLeader, Integer topics, String zooKeeper,
                      ClusterCapabilities capabilities) {
            this(connected, label, endpoints, viaControllers, timeout, clusterId, lastSnapshotAt, brokers, liveBrokers,
                    quorumLeader, topics, zooKeeper, capabilities, KshellHome.records().toString());
        }
    }

    /** The temporary config changes whose time has passed, one sentence each with its undo (kshell's state). */
    static List<String> due(String clusterId) {
        if (clusterId == null) {
            return List.of();
        }
        Instant now = Instant.now();
        return TemporaryChanges.atHome().read(clusterId).changes().stream().filter(c -> c.due(now))
                .map(c -> TemporaryReminders.sentence(c, now) + ": configs revert " + c.id()).toList();
    }

    @Override
    public ExitCode execute(Invocation inv) {
        Status status = session.connection().map(c -> {
            ClusterSnapshot s = session.lastSnapshot().orElse(null);
            return new Status(true, c.label(), c.endpoints(), c.viaControllers(), Durations.format(c.timeout()),
                    s == null ? null : s.clusterId(), s == null ? null : s.takenAt(),
                    s == null ? null : s.brokers().size(), s == null ? null : s.liveBrokerIds().size(),
                    s == null || s.quorum() == null ? null : s.quorum().leaderId(),
                    s == null ? null : s.topics().size(), c.zooKeeper(),
                    // detected with the first snapshot of the connection (status itself makes no cluster call)
                    s == null ? null : s.capabilities());
        }).orElse(new Status(false, null, null, false, Durations.format(session.defaultTimeout()), null, null, null,
                null, null, null, null, null));
        inv.emit(status, () -> text(status));
        return ExitCode.OK;
    }

    private static String text(Status s) {
        if (!s.connected()) {
            return "not connected (connect --bootstrap-server HOST:PORT, or start kshell with --sandbox)\n";
        }
        StringBuilder out = new StringBuilder();
        out.append("connected to ").append(s.label().equals(s.endpoints()) ? s.endpoints() : s.label() + " via " + s.endpoints())
                .append(s.viaControllers() ? " (controllers)" : "").append(", deadline ").append(s.timeout()).append('\n');
        if (s.lastSnapshotAt() == null) {
            out.append("no snapshot yet (run brokers, topics or triage)\n");
        } else {
            long age = Duration.between(s.lastSnapshotAt(), Instant.now()).toSeconds();
            out.append("cluster ").append(s.clusterId()).append(": ").append(s.liveBrokers()).append('/')
                    .append(s.brokers()).append(" brokers live, quorum leader ")
                    .append(s.quorumLeader() == null || s.quorumLeader() < 0 ? "unknown" : s.quorumLeader())
                    .append(", ").append(s.topics()).append(" topics (as of ").append(age).append("s ago)\n");
            ClusterCapabilities caps = s.capabilities();
            if (caps != null && caps.mode() != ClusterCapabilities.Mode.UNKNOWN) {
                out.append(caps.describe()).append(caps.metadataVersion() == null ? ""
                        : " (metadata.version " + caps.metadataVersion() + ")").append('\n');
                for (ClusterCapabilities.Feature f : caps.missingFeatures()) {
                    out.append("  ").append(f.label()).append(": ").append(caps.missing(f)).append('\n');
                }
                caps.notes().forEach(n -> out.append("  note: ").append(n).append('\n'));
            }
        }
        if (s.zooKeeper() != null) {
            out.append("ZooKeeper ").append(s.zooKeeper()).append(" (read-only: controller, epoch, brokers)\n");
        }
        s.temporaryDue().forEach(d -> out.append("due: ").append(d).append('\n'));
        // the sandbox keeps its own (docs/sandbox.md): say where this session's audit lines land
        out.append("history, audit log and state: ").append(s.records()).append('\n');
        return out.toString();
    }
}
