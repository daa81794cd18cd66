package dev.kshell.workflow.quorum;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
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
import java.util.LinkedHashMap;
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
    /**
     * How long an add the leader could not finish yet is sent again. A node restarted a moment ago (a lost disk
     * formatted anew) is often not reachable from the leader at once: the leader's connection to it is still backing
     * off, and Kafka's answer is "API_VERSIONS returned an error BROKER_NOT_AVAILABLE" with nothing changed.
     */
    static final Duration ADD_RETRY_BOUND = Duration.ofSeconds(30);
    static final Duration ADD_RETRY_PAUSE = Duration.ofSeconds(1);

    private final ShellSession session;
    private final BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober;
    private final BiFunction<ClusterGateway, List<String>, Map<String, String>> endpointProber;

    public VoterChanges(ShellSession session) {
        this(session, QuorumReadout::probe, VoterChanges::unanswered);
    }

    /**
     * With other ways to ask the voters and the endpoints given with --endpoint (tests: no real endpoints to ask).
     * {@code endpointProber} answers, for the endpoints that did not answer, why.
     */
    public VoterChanges(ShellSession session,
                        BiFunction<ClusterGateway, QuorumDescription, List<ProbeResult>> prober,
                        BiFunction<ClusterGateway, List<String>, Map<String, String>> endpointProber) {
        this.session = session;
        this.prober = prober;
        this.endpointProber = endpointProber;
    }

    /**
     * The endpoints given with --endpoint that do not answer a probe from here, with why. Kafka's leader checks a
     * new voter over the connection it already has to that node id, so it adds a voter at an endpoint where nothing
     * listens (seen on 4.4: {@code add-controller 2 --endpoint CONTROLLER://127.0.0.1:1} succeeded), and the other
     * controllers then cannot reach that voter to ask for its vote.
     */
    static Map<String, String> unanswered(ClusterGateway gateway, List<String> endpoints) {
        NodeProbe probe = NodeProbe.of(gateway.target());
        if (!probe.supported() || endpoints.isEmpty()) {
            return Map.of();
        }
        List<NodeProbe.Target> targets = new ArrayList<>();
        for (String e : endpoints) {
            targets.add(new NodeProbe.Target(null, "controller", QuorumReadout.hostPort(List.of(e))));
        }
        Map<String, String> out = new LinkedHashMap<>();
        List<ProbeResult> results = probe.probe(targets);
        for (int i = 0; i < results.size(); i++) {
            if (!results.get(i).answered()) {
                out.put(endpoints.get(i), results.get(i).problem());
            }
        }
        return out;
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
        Map<String, String> unanswered = kind == VoterChangePlan.Kind.REMOVE ? Map.of()
                : endpointProber.apply(gateway, endpoints);
        return new Planned(clusterId, q, VoterChangeChecks.check(q, kind, nodeId, answering, endpoints, unanswered),
                null,
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
                    ? addUntilDone(gateway, step, progress)
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

    /**
     * Sends AddRaftVoter, and sends it again while the leader could not reach the new voter or the request timed out,
     * up to {@link #ADD_RETRY_BOUND}. Sending again is safe: a refused or unreached add changed nothing, and one that
     * did land while its answer was lost shows in the quorum, which is read before each new try (and after a
     * "duplicate voter" refusal, which is then the earlier try's success).
     */
    private VoterChange addUntilDone(ClusterGateway gateway, VoterChangePlan.Step step, Consumer<String> progress) {
        VoterChange answer = gateway.quorumChanges().addVoter(step.nodeId(), step.directoryId(), step.endpoints());
        long deadline = System.nanoTime() + ADD_RETRY_BOUND.toNanos();
        boolean said = false;
        while (retriable(answer) && System.nanoTime() - deadline < 0) {
            if (!said) {
                progress.accept("the leader has not added voter " + step.nodeId() + " yet (" + answer.message()
                        + "); trying again for up to " + ADD_RETRY_BOUND.toSeconds() + " s...");
                said = true;
            }
            pause(ADD_RETRY_PAUSE);
            if (added(gateway, step)) {
                return VoterChange.done();
            }
            answer = gateway.quorumChanges().addVoter(step.nodeId(), step.directoryId(), step.endpoints());
            if (answer.outcome() == VoterChange.Outcome.REFUSED && added(gateway, step)) {
                return VoterChange.done();
            }
        }
        return answer;
    }

    private static boolean retriable(VoterChange answer) {
        return answer.outcome() == VoterChange.Outcome.UNREACHED || answer.outcome() == VoterChange.Outcome.TIMED_OUT;
    }

    /** Whether the quorum already holds the step's voter with the step's directory (false when it cannot be read). */
    private static boolean added(ClusterGateway gateway, VoterChangePlan.Step step) {
        try {
            return gateway.quorumChanges().describe().voter(step.nodeId())
                    .filter(v -> step.directoryId().equals(v.directoryId())).isPresent();
        } catch (ClusterException e) {
            return false;
        }
    }

    private static void pause(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        }
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
            pause(POLL);
        }
        return null;
    }

    /** The state after a failed step, and the one command that finishes the change. */
    static String failed(VoterChangePlan plan, VoterChangePlan.Step step, List<VoterChangePlan.Step> done,
                         VoterChange answer) {
        String what = (step.add() ? "adding" : "removing") + " voter " + step.nodeId() + " (directory "
                + step.directoryId() + ") " + (answer.outcome() == VoterChange.Outcome.TIMED_OUT ? "had no answer"
                : answer.outcome() == VoterChange.Outcome.UNREACHED ? "failed: the leader could not reach it at "
                + String.join(", ", step.endpoints()) + " for " + ADD_RETRY_BOUND.toSeconds() + " s"
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
