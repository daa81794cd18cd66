package dev.kshell.workflow.quorum;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.VoterChange;
import dev.kshell.rules.quorum.QuorumMembership;
import dev.kshell.rules.quorum.VoterChangeChecks;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.connection.ShellSession;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.concurrent.CancellationException;
import java.util.function.BiFunction;

/**
 * {@code quorum replace-controller | remove-controller | add-controller N}: reads the quorum with its membership and
 * the voters' own answers, checks ({@link VoterChangeChecks}), and once the operator has confirmed, sends the
 * RemoveRaftVoter / AddRaftVoter requests in order and waits until the quorum shows the result. The conversation
 * (plan, confirmation, audit) is the command's; every request goes through {@link dev.kshell.cluster.QuorumChanges}.
 */
public final class VoterChanges {

    /** How long the act waits for a new voter to be caught up after AddRaftVoter returned. */
    static final Duration CATCH_UP_BOUND = Duration.ofSeconds(60);
    static final Duration POLL = Duration.ofMillis(500);

    private final ShellSession session;
    private final BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober;

    public VoterChanges(ShellSession session) {
        this(session, QuorumReadout::probe);
    }

    /** With another way to ask the voters (tests: no real endpoints to ask). */
    public VoterChanges(ShellSession session,
                        BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober) {
        this.session = session;
        this.prober = prober;
    }

    /**
     * What planning found.
     *
     * @param clusterId   the cluster's id (null when it could not be read)
     * @param quorum      the quorum as read (null when not read: ZooKeeper mode)
     * @param verdict     the checks' verdict (null when {@code unsupported} is set)
     * @param unsupported a sentence when this cluster cannot change voters at all (ZooKeeper mode, before 3.9)
     * @param release     the cluster's release as kshell detected it ("Kafka 4.4.0"), for sentences
     * @param bootstrap   the endpoints the connection uses (for the audit log)
     */
    public record Planned(String clusterId, QuorumDescription quorum, VoterChangeChecks.Verdict verdict,
                          String unsupported, String release, String bootstrap) {
    }

    /** Reads the quorum and the voters' answers and checks the change. */
    public Planned plan(VoterChangePlan.Kind kind, int nodeId, List<String> endpoints) {
        ClusterGateway gateway = session.requireGateway();
        ClusterCapabilities caps = gateway.capabilities();
        String clusterId = clusterId(gateway);
        if (caps.zooKeeperMode()) {
            return new Planned(clusterId, null, null, "zookeeper", caps.describe(), gateway.target().endpoints());
        }
        long deadline = System.nanoTime() + gateway.target().timeout().toNanos();
        QuorumDescription q = QuorumReadout.withRetry(gateway, deadline, g -> g.quorumChanges().describe());
        if (q.kind() != QuorumDescription.Kind.DYNAMIC && !caps.has(ClusterCapabilities.Feature.DYNAMIC_QUORUM)
                && caps.version() != null && beforeDynamic(caps.version())) {
            return new Planned(clusterId, q, null, "before-3.9", caps.describe(), gateway.target().endpoints());
        }
        Map<Integer, Boolean> answering = new HashMap<>();
        for (ProbeResult p : prober.apply(gateway, q)) {
            if (p.nodeId() != null) {
                answering.put(p.nodeId(), p.answered());
            }
        }
        return new Planned(clusterId, q, VoterChangeChecks.check(q, kind, nodeId, answering, endpoints), null,
                caps.describe(), gateway.target().endpoints());
    }

    /** A release before 3.9 ("3.6.2"), by its numbers; false when it cannot be parsed. */
    static boolean beforeDynamic(String version) {
        try {
            String[] p = version.split("[.-]");
            int major = Integer.parseInt(p[0]);
            int minor = p.length > 1 ? Integer.parseInt(p[1]) : 0;
            return major < 3 || (major == 3 && minor < 9);
        } catch (RuntimeException e) {
            return false;
        }
    }

    /**
     * What the act did: one line per step, and the quorum as read afterwards.
     *
     * @param lines what happened, in order
     * @param after the quorum once the change showed (null when it could not be read)
     */
    public record Outcome(List<String> lines, QuorumDescription after) {
    }

    /**
     * Sends the plan's requests in order, then waits until the quorum shows the result (a new voter caught up, a
     * removed one gone). A failed step ends the act with a {@link KshellFailure} (exit 5) that says the exact state
     * and the one command that finishes the change.
     */
    public Outcome execute(VoterChangePlan plan, Consumer<String> progress) {
        ClusterGateway gateway = session.requireGateway();
        List<String> lines = new ArrayList<>();
        List<VoterChangePlan.Step> done = new ArrayList<>();
        for (VoterChangePlan.Step step : plan.steps()) {
            progress.accept(step.describe() + "...");
            VoterChange answer = step.add()
                    ? gateway.quorumChanges().addVoter(step.nodeId(), step.directoryId(), step.endpoints())
                    : gateway.quorumChanges().removeVoter(step.nodeId(), step.directoryId());
            if (!answer.ok()) {
                throw new KshellFailure(ExitCode.ACTION_FAILED, failed(plan, step, done, answer));
            }
            String line = (step.add() ? "added" : "removed") + " voter " + step.nodeId() + " (directory "
                    + step.directoryId() + ")";
            lines.add(line);
            progress.accept(line);
            done.add(step);
        }
        QuorumDescription after = awaitShown(gateway, plan, progress);
        if (after == null) {
            throw new KshellFailure(ExitCode.ACTION_FAILED, String.join("; ", lines) + ", but "
                    + expectation(plan) + " did not show within " + CATCH_UP_BOUND.toSeconds() + " s: see `quorum`");
        }
        lines.add(expectation(plan) + ": " + after.voters().stream().map(QuorumMember::id).toList().size()
                + " voters " + after.voters().stream().map(QuorumMember::id).sorted().toList());
        return new Outcome(lines, after);
    }

    /** What the quorum must show once the plan is done. */
    private static String expectation(VoterChangePlan plan) {
        return plan.kind() == VoterChangePlan.Kind.REMOVE ? "controller " + plan.nodeId() + " is no longer a voter"
                : "controller " + plan.nodeId() + " is a caught-up voter";
    }

    /** Polls the quorum until the plan's result shows; null when it did not within the bound. */
    private QuorumDescription awaitShown(ClusterGateway gateway, VoterChangePlan plan, Consumer<String> progress) {
        long deadline = System.nanoTime() + CATCH_UP_BOUND.toNanos();
        VoterChangePlan.Step last = plan.steps().get(plan.steps().size() - 1);
        boolean said = false;
        while (System.nanoTime() - deadline < 0) {
            try {
                QuorumDescription q = gateway.quorumChanges().describe();
                boolean shown = last.add()
                        ? q.voter(plan.nodeId()).filter(v -> last.directoryId().equals(v.directoryId()))
                                .filter(v -> v.id() == q.leaderId() || QuorumMembership.caughtUp(v)).isPresent()
                        : q.voter(plan.nodeId()).isEmpty();
                if (shown) {
                    return q;
                }
            } catch (ClusterException e) {
                // a read during the change may fail: the next one will tell
            }
            if (!said) {
                progress.accept("waiting until " + expectation(plan) + "...");
                said = true;
            }
            try {
                Thread.sleep(POLL.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");
            }
        }
        return null;
    }

    /** The state after a failed step, and the one command that finishes the change. */
    static String failed(VoterChangePlan plan, VoterChangePlan.Step step, List<VoterChangePlan.Step> done,
                         VoterChange answer) {
        String what = (step.add() ? "adding" : "removing") + " voter " + step.nodeId() + " (directory "
                + step.directoryId() + ") " + (answer.outcome() == VoterChange.Outcome.TIMED_OUT ? "had no answer"
                : "failed") + ": " + answer.message();
        if (done.isEmpty()) {
            return what + (answer.outcome() == VoterChange.Outcome.TIMED_OUT
                    ? "; it may still complete: `quorum` shows whether it did"
                    : "; nothing was changed");
        }
        VoterChangePlan.Step removed = done.get(0);
        List<Integer> left = plan.votersNow().stream().filter(id -> id != removed.nodeId()).toList();
        return "removed voter " + removed.nodeId() + " (directory " + removed.directoryId() + "), then " + what
                + "; the quorum now runs on " + left.size() + " voters " + left + " and controller " + step.nodeId()
                + " fetches as an observer; finish with: quorum add-controller " + step.nodeId() + " --endpoint "
                + String.join(" --endpoint ", step.endpoints());
    }

    private static String clusterId(ClusterGateway gateway) {
        try {
            return gateway.clusterId();
        } catch (RuntimeException e) {
            return null;
        }
    }
}
