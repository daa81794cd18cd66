package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static dev.kshell.rules.TriageSteps.names;
import static dev.kshell.rules.TriageSteps.status;
import static dev.kshell.rules.TriageSteps.worstFix;
import java.util.HashMap;
import java.util.TreeMap;

/** Triage step 2: registered, fenced, missing and silent brokers, and where leadership drifted. */
final class BrokerStep {

    private BrokerStep() {
    }

    static TriageStep of(TriageInput in) {
        ClusterSnapshot now = in.snapshot();
        List<Finding> fs = BrokerHealth.check(now, in.brokerProbes(),
                in.zooKeeperMode() ? in.zooKeeperSessionTimeoutMs() : in.brokerSessionTimeoutMs());
        if (in.probeGap() != null) {
            fs.add(new Finding(Severity.INFO, "brokers-not-probed", "brokers", in.probeGap() + ": a broker that died "
                    + "moments ago still reads as live until " + (in.zooKeeperMode() ? "ZooKeeper expires its session"
                    : "the controller fences it"), null));
        }
        StepStatus status = status(fs);
        List<String> actions = new ArrayList<>();
        Set<Integer> silent = BrokerHealth.silent(now, in.brokerProbes());
        if (!silent.isEmpty()) {
            String ids = PartitionHealth.allIds(List.copyOf(silent));
            actions.add(!in.zooKeeperMode()
                    ? BrokerStart.phrase(in.sandboxSession(), "restart", List.copyOf(silent)) + " (not answering)"
                    : in.sandboxSession() ? BrokerStart.phrase(true, "start", List.copyOf(silent))
                    + " (not answering; it waits until ZooKeeper has dropped the dead registration)"
                    : "start broker " + ids + " once ZooKeeper has dropped its registration (/brokers/ids/N gone: "
                    + "`brokers` no longer lists it)");
        }
        List<Integer> fenced = now.brokers().stream().filter(b -> b.fenced()).map(b -> b.id()).sorted().toList();
        List<Integer> missing = List.copyOf(BrokerHealth.missing(now).keySet());
        if (now.brokers().isEmpty()) {
            actions.add(worstFix(fs));
        }
        if (!fenced.isEmpty()) {
            actions.add(BrokerStart.phrase(in.sandboxSession(), "restart", fenced) + " (fenced)");
            actions.add("if gone for good: `reassign evacuate " + String.join(" ", fenced.stream()
                    .map(String::valueOf).toList()) + " --dry-run` (moves its replicas to live brokers: bytes copied at "
                    + "the throttle, the replication factor kept)");
        }
        if (!missing.isEmpty()) {
            actions.add(BrokerStart.phrase(in.sandboxSession(), "start", missing) + " (not registered)");
        }
        String next = status == StepStatus.OK ? null : "brokers";
        Finding imbalance = preferredImbalance(now);
        if (imbalance != null) {
            fs.add(imbalance);
            if (next == null) {
                next = "elect preferred --all --dry-run";
            }
        }
        return new TriageStep(2, "Brokers", status, BrokerHealth.summary(now, in.brokerProbes()), fs,
                actions.isEmpty() ? null : String.join("; ", actions), next);
    }

    /**
     * An INFO line when leadership has drifted from the preferred leaders (after a rolling restart, leaders pile up
     * on the broker restarted last-but-none): partitions whose preferred leader is live and in sync but does not
     * lead. One pass over the partitions.
     */
    static Finding preferredImbalance(ClusterSnapshot now) {
        Set<Integer> live = now.liveBrokerIds();
        Map<Integer, int[]> leads = new TreeMap<>();
        Map<Integer, int[]> preferred = new HashMap<>();
        int movable = 0;
        for (TopicState t : now.topics()) {
            for (PartitionState p : t.partitions()) {
                Integer pref = p.preferredLeader();
                if (p.leader() != null) {
                    leads.computeIfAbsent(p.leader(), k -> new int[1])[0]++;
                }
                if (pref != null) {
                    preferred.computeIfAbsent(pref, k -> new int[1])[0]++;
                }
                if (p.leader() != null && pref != null && !pref.equals(p.leader()) && live.contains(pref)
                        && p.isr().contains(pref)) {
                    movable++;
                }
            }
        }
        if (movable == 0) {
            return null;
        }
        // the broker that carries the most leaderships beyond its share names the imbalance
        int worst = -1;
        int excess = 0;
        for (Map.Entry<Integer, int[]> e : leads.entrySet()) {
            int pref = preferred.containsKey(e.getKey()) ? preferred.get(e.getKey())[0] : 0;
            if (e.getValue()[0] - pref > excess) {
                excess = e.getValue()[0] - pref;
                worst = e.getKey();
            }
        }
        int led = worst < 0 ? 0 : leads.get(worst)[0];
        String who = worst < 0 ? "" : ": broker " + worst + " leads " + led + " partition" + (led == 1 ? "" : "s")
                + " and is the preferred leader of " + (preferred.containsKey(worst) ? preferred.get(worst)[0] : 0);
        return new Finding(Severity.INFO, "preferred-leader-imbalance", "brokers",
                movable + (movable == 1 ? " partition is not led by its" : " partitions are not led by their")
                        + " preferred leader, which is live and in sync" + who,
                "`elect preferred --all --dry-run`, then without --dry-run");
    }
}
