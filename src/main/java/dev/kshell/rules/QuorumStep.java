package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static dev.kshell.rules.TriageSteps.status;
import static dev.kshell.rules.TriageSteps.worstFix;
import dev.kshell.rules.quorum.QuorumMembership;
import java.util.HashSet;

/** Triage step 1: is there a quorum leader (ZooKeeper mode: a controller), does it answer, is it stable. */
final class QuorumStep {

    private QuorumStep() {
    }

    static TriageStep of(TriageInput in) {
        ClusterSnapshot now = in.snapshot();
        QuorumStability stability = in.quorumStability();
        List<Finding> fs = new ArrayList<>(QuorumHealth.check(now, in.previous(), stability));
        Set<String> places = new HashSet<>();
        fs.forEach(f -> places.add(f.where()));
        VoterReachability.Result voters = VoterReachability.check(now.quorum(), in.voterProbes(), places);
        if (voters.majorityLost()) {
            // the probes say more than "unreadable" / "no leader", and their advice works where
            // `connect --bootstrap-controller` to a dead controller would not
            fs.removeIf(f -> f.rule().equals("quorum-unreadable") || f.rule().equals("quorum-no-leader"));
        }
        fs.addAll(voters.majorityLost() ? 0 : fs.size(), voters.findings()); // the lost majority leads
        for (QuorumMembership.NewDisk disk : in.newDisks()) {
            // the voter "down or cut off" is a controller back with a new disk: say so, and what replaces it
            String where = "voter " + disk.id();
            fs.removeIf(f -> f.where().equals(where) && f.rule().startsWith("quorum-voter-"));
            // first among equals: its fix is the step's `do:`
            fs.add(0, new Finding(Severity.WARNING, "quorum-voter-new-disk", where, disk.sentence().replace(
                    "; `quorum replace-controller " + disk.id() + "` replaces it", ""),
                    "quorum replace-controller " + disk.id()));
        }
        Finding deadController = ControllerHealth.silentController(now.quorum(), in.brokerProbes(),
                in.zooKeeperSessionTimeoutMs());
        if (deadController != null) {
            fs.removeIf(f -> f.rule().equals("quorum-unstable")); // a dead controller is no flapping
            fs.add(0, deadController); // ZooKeeper mode: the controller broker itself does not answer
        }
        if (in.probeGap() != null) {
            fs.add(new Finding(Severity.INFO, "controllers-not-probed", now.quorum() != null
                    && now.quorum().zooKeeperMode() ? "controller" : "quorum", in.probeGap() + ": a controller that died "
                    + "moments ago is named until the others notice", null));
        }
        StepStatus status = status(fs);
        String next = null;
        if (voters.majorityLost()) {
            next = in.sandboxSession() && !voters.silentIds().isEmpty()
                    ? "sandbox start-controller " + voters.silentIds().get(0) : "watch triage";
        } else if (status != StepStatus.OK && !in.newDisks().isEmpty()) {
            next = "quorum replace-controller " + in.newDisks().get(0).id();
        } else if (status != StepStatus.OK) {
            next = fs.stream().anyMatch(f -> f.rule().equals("quorum-epoch-climbing")
                    || f.rule().equals("quorum-unstable")) ? "watch quorum" : "quorum";
        }
        String summary = voters.summary() != null ? voters.summary() : QuorumHealth.summary(now.quorum(), fs);
        if (deadController != null) {
            summary = "controller " + now.quorum().leaderId() + " (broker) does not answer: no controller until "
                    + ControllerHealth.moves(in.zooKeeperSessionTimeoutMs());
        } else if (stability != null && stability.kind() == QuorumStability.Kind.UNSTABLE) {
            // a lost majority is the headline; the earlier leader changes explain it
            summary = voters.majorityLost() ? summary + "; " + stability.sentence()
                    : stability.sentence() + "; now " + summary;
        } else if (stability != null && stability.kind() == QuorumStability.Kind.NO_LEADER && !voters.majorityLost()) {
            summary = stability.sentence() + "; " + summary;
        } else if (!voters.majorityLost() && !voters.silentIds().isEmpty()) {
            // a controller that does not answer leads the line, before the failover it caused
            summary = "controller " + PartitionHealth.allIds(voters.silentIds()) + " does not answer; " + summary
                    + (stability == null || stability.kind() == QuorumStability.Kind.STABLE ? ""
                    : "; " + stability.sentence());
        } else if (stability != null && stability.kind() != QuorumStability.Kind.STABLE) {
            summary = summary + "; " + stability.sentence();
        }
        String action = status == StepStatus.OK ? null : worstFix(fs);
        if (deadController != null) {
            next = "watch triage";
            if (in.sandboxSession()) {
                action = "wait for ZooKeeper to move the controller; then `sandbox start-broker "
                        + now.quorum().leaderId() + "` (it waits for /brokers/ids/" + now.quorum().leaderId()
                        + " to go)";
            }
        }
        if (voters.majorityLost() && in.sandboxSession()) {
            action = "in the sandbox: " + String.join("; ", voters.silentIds().stream()
                    .map(id -> "`sandbox start-controller " + id + "`").toList());
        }
        // ZooKeeper mode has no KRaft quorum: step 1 is the controller (and ZooKeeper, with --zookeeper)
        String title = now.quorum() != null && now.quorum().zooKeeperMode() ? "Controller" : "Quorum";
        return new TriageStep(1, title, status, summary, fs, action, next);
    }
}
