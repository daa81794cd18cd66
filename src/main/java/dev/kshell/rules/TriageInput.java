package dev.kshell.rules;

import dev.kshell.model.Finding;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ProbeResult;

import java.util.List;
import dev.kshell.rules.quorum.QuorumMembership;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.rules.replication.LogDirReport;
import java.util.function.Consumer;

/**
 * Everything triage judges, gathered by the command before the pure checklist runs. New inputs are added as
 * fields with a {@code withX} method; callers build from {@link #of} and never call the canonical constructor, so
 * that adding a field does not break them.
 *
 * @param snapshot               the cluster now
 * @param previous               an earlier snapshot of the same cluster, or null (epoch climbing)
 * @param brokerProbes           one answer per registered broker to a request sent to its own endpoint, or null
 *                               when not probed
 * @param voterProbes            one answer per known controller endpoint (last known quorum, client config,
 *                               bootstrap controllers), or null when not probed
 * @param brokerSessionTimeoutMs broker.session.timeout.ms where known (how soon the controller fences a silent
 *                               broker), else null
 * @param coordinators           groups and transactional ids whose coordinator partition is sick, or null when not
 *                               read (coordinator topics healthy, or listing failed)
 * @param strict                 {@code triage --strict}: config risks make the exit code 1
 * @param sandboxSession         the session runs kshell's sandbox: next steps may name {@code sandbox} commands
 * @param quorumStability        the judgement of kshell's quorum history (this session's and earlier runs' reads,
 *                               the current one included), or null when not judged: step 1 then compares the two
 *                               snapshots' epochs only
 * @param zooKeeperSessionTimeoutMs ZooKeeper mode: zookeeper.session.timeout.ms as a live broker reports it (how
 *                               soon ZooKeeper drops a dead broker and moves a dead controller), else null
 * @param newDisks               controllers back with a new disk (a voter id that also fetches as an observer with
 *                               another directory id; read from the quorum's membership), empty when none or unread
 * @param probeGap               why the nodes could not be probed on their own endpoints, or null when they were
 *                               (or nobody tried): steps 1 and 2 say what that weakens
 * @param urpCauses              why each replica out of the ISR is out (step 5 groups by it), or null when not read
 * @param logDirs                the live brokers' log directories judged (step 5 warns of offline, full and
 *                               filling ones), or null when not read
 * @param sideFindings           what the side reads (clients, configs, radar) found, each naming its step; empty
 *                               when none found anything or none ran
 */
public record TriageInput(ClusterSnapshot snapshot, ClusterSnapshot previous, List<ProbeResult> brokerProbes,
                          List<ProbeResult> voterProbes, Long brokerSessionTimeoutMs, CoordinatorReport coordinators,
                          boolean strict, boolean sandboxSession, QuorumStability quorumStability,
                          Long zooKeeperSessionTimeoutMs, String probeGap,
                          List<QuorumMembership.NewDisk> newDisks, CauseReport urpCauses, LogDirReport logDirs,
                          List<SideFinding> sideFindings) {

    public TriageInput {
        newDisks = newDisks == null ? List.of() : List.copyOf(newDisks);
        sideFindings = sideFindings == null ? List.of() : List.copyOf(sideFindings);
        if (snapshot == null) {
            throw new IllegalArgumentException("triage needs a snapshot");
        }
        brokerProbes = brokerProbes == null ? null : List.copyOf(brokerProbes);
        voterProbes = voterProbes == null ? null : List.copyOf(voterProbes);
    }

    /** Without the side reads' findings. */
    public TriageInput(ClusterSnapshot snapshot, ClusterSnapshot previous, List<ProbeResult> brokerProbes,
                       List<ProbeResult> voterProbes, Long brokerSessionTimeoutMs, CoordinatorReport coordinators,
                       boolean strict, boolean sandboxSession, QuorumStability quorumStability,
                       Long zooKeeperSessionTimeoutMs, String probeGap, List<QuorumMembership.NewDisk> newDisks,
                       CauseReport urpCauses, LogDirReport logDirs) {
        this(snapshot, previous, brokerProbes, voterProbes, brokerSessionTimeoutMs, coordinators, strict,
                sandboxSession, quorumStability, zooKeeperSessionTimeoutMs, probeGap, newDisks, urpCauses, logDirs,
                List.of());
    }

    /** Without the replication causes and log directories. */
    public TriageInput(ClusterSnapshot snapshot, ClusterSnapshot previous, List<ProbeResult> brokerProbes,
                       List<ProbeResult> voterProbes, Long brokerSessionTimeoutMs, CoordinatorReport coordinators,
                       boolean strict, boolean sandboxSession, QuorumStability quorumStability,
                       Long zooKeeperSessionTimeoutMs, String probeGap, List<QuorumMembership.NewDisk> newDisks) {
        this(snapshot, previous, brokerProbes, voterProbes, brokerSessionTimeoutMs, coordinators, strict,
                sandboxSession, quorumStability, zooKeeperSessionTimeoutMs, probeGap, newDisks, null, null);
    }

    /** Without the quorum's membership. */
    public TriageInput(ClusterSnapshot snapshot, ClusterSnapshot previous, List<ProbeResult> brokerProbes,
                       List<ProbeResult> voterProbes, Long brokerSessionTimeoutMs, CoordinatorReport coordinators,
                       boolean strict, boolean sandboxSession, QuorumStability quorumStability,
                       Long zooKeeperSessionTimeoutMs, String probeGap) {
        this(snapshot, previous, brokerProbes, voterProbes, brokerSessionTimeoutMs, coordinators, strict,
                sandboxSession, quorumStability, zooKeeperSessionTimeoutMs, probeGap, List.of());
    }

    /** Without a stability judgement (the shape before the quorum history). */
    public TriageInput(ClusterSnapshot snapshot, ClusterSnapshot previous, List<ProbeResult> brokerProbes,
                       List<ProbeResult> voterProbes, Long brokerSessionTimeoutMs, CoordinatorReport coordinators,
                       boolean strict, boolean sandboxSession) {
        this(snapshot, previous, brokerProbes, voterProbes, brokerSessionTimeoutMs, coordinators, strict,
                sandboxSession, null, null, null);
    }

    /** A snapshot (and optionally the one before it) with nothing probed: what pure callers and tests start from. */
    public static TriageInput of(ClusterSnapshot snapshot, ClusterSnapshot previous) {
        return new TriageInput(snapshot, previous, null, null, null, null, false, false, null, null, null);
    }

    public TriageInput withBrokerProbes(List<ProbeResult> probes, Long sessionTimeoutMs) {
        return copy(c -> {
            c.brokerProbes = probes;
            c.brokerSessionTimeoutMs = sessionTimeoutMs;
        });
    }

    public TriageInput withVoterProbes(List<ProbeResult> probes) {
        return copy(c -> c.voterProbes = probes);
    }

    public TriageInput withCoordinators(CoordinatorReport report) {
        return copy(c -> c.coordinators = report);
    }

    public TriageInput withStrict(boolean value) {
        return copy(c -> c.strict = value);
    }

    public TriageInput withSandboxSession(boolean value) {
        return copy(c -> c.sandboxSession = value);
    }

    public TriageInput withQuorumStability(QuorumStability value) {
        return copy(c -> c.quorumStability = value);
    }

    public TriageInput withZooKeeperSessionTimeout(Long ms) {
        return copy(c -> c.zooKeeperSessionTimeoutMs = ms);
    }

    public TriageInput withNewDisks(List<QuorumMembership.NewDisk> disks) {
        return copy(c -> c.newDisks = disks);
    }

    public TriageInput withReplication(CauseReport causes, LogDirReport dirs) {
        return copy(c -> {
            c.urpCauses = causes;
            c.logDirs = dirs;
        });
    }

    /**
     * This input with {@code more} side findings added to those it has (each side read adds its own; the order of
     * the reads is the order within a step).
     */
    public TriageInput withSideFindings(List<SideFinding> more) {
        if (more == null || more.isEmpty()) {
            return this;
        }
        return copy(c -> {
            List<SideFinding> all = new java.util.ArrayList<>(c.sideFindings);
            all.addAll(more);
            c.sideFindings = all;
        });
    }

    /** The side findings that belong to {@code step}. */
    public List<Finding> sideFindings(int step) {
        return sideFindings.stream().filter(s -> s.step() == step).map(SideFinding::finding).toList();
    }

    /** The side findings that belong to {@code step}, with their headlines. */
    public List<SideFinding> sideFindingsOf(int step) {
        return sideFindings.stream().filter(s -> s.step() == step).toList();
    }

    public TriageInput withProbeGap(String why) {
        return copy(c -> c.probeGap = why);
    }

    /** This input with the fields {@code change} sets: what every {@code withX} is, with one list of fields. */
    private TriageInput copy(Consumer<Fields> change) {
        Fields c = new Fields(this);
        change.accept(c);
        return new TriageInput(c.snapshot, c.previous, c.brokerProbes, c.voterProbes, c.brokerSessionTimeoutMs,
                c.coordinators, c.strict, c.sandboxSession, c.quorumStability, c.zooKeeperSessionTimeoutMs, c.probeGap,
                c.newDisks, c.urpCauses, c.logDirs, c.sideFindings);
    }

    /** The fields of a {@link TriageInput} being copied. */
    private static final class Fields {
        ClusterSnapshot snapshot;
        ClusterSnapshot previous;
        List<ProbeResult> brokerProbes;
        List<ProbeResult> voterProbes;
        Long brokerSessionTimeoutMs;
        CoordinatorReport coordinators;
        boolean strict;
        boolean sandboxSession;
        QuorumStability quorumStability;
        Long zooKeeperSessionTimeoutMs;
        String probeGap;
        List<QuorumMembership.NewDisk> newDisks;
        CauseReport urpCauses;
        LogDirReport logDirs;
        List<SideFinding> sideFindings;

        Fields(TriageInput in) {
            sideFindings = in.sideFindings;
            urpCauses = in.urpCauses;
            logDirs = in.logDirs;
            newDisks = in.newDisks;
            snapshot = in.snapshot;
            previous = in.previous;
            brokerProbes = in.brokerProbes;
            voterProbes = in.voterProbes;
            brokerSessionTimeoutMs = in.brokerSessionTimeoutMs;
            coordinators = in.coordinators;
            strict = in.strict;
            sandboxSession = in.sandboxSession;
            quorumStability = in.quorumStability;
            zooKeeperSessionTimeoutMs = in.zooKeeperSessionTimeoutMs;
            probeGap = in.probeGap;
        }
    }

    /** True on a ZooKeeper-mode cluster (its controller is a broker; ZooKeeper's session rules apply). */
    public boolean zooKeeperMode() {
        return snapshot.quorum() != null && snapshot.quorum().zooKeeperMode();
    }
}
