package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.LinkedHashSet;

/** Pure: snapshot + selection -> {@link PreferredPlan}. No cluster calls. */
public final class PreferredElectionPlanner {

    private PreferredElectionPlanner() {
    }

    public static PreferredPlan plan(ClusterSnapshot snapshot, ElectionSelection selection) {
        Set<Integer> live = snapshot.liveBrokerIds();
        List<PreferredPlan.Row> rows = new ArrayList<>();
        List<String> notFound = new ArrayList<>();
        int alreadyPreferred = 0;
        switch (selection.kind()) {
            case ALL, TOPIC -> {
                List<TopicState> topics;
                if (selection.kind() == ElectionSelection.Kind.ALL) {
                    topics = snapshot.topics();
                } else {
                    Optional<TopicState> t = snapshot.topic(selection.topic());
                    if (t.isEmpty()) {
                        notFound.add(selection.topic());
                    }
                    topics = t.stream().toList();
                }
                for (TopicState t : topics) {
                    for (PartitionState p : t.partitions()) {
                        PreferredPlan.Row row = row(p, live);
                        if (row.verdict() == PreferredPlan.Verdict.NOT_NEEDED) {
                            alreadyPreferred++;
                        } else {
                            rows.add(row);
                        }
                    }
                }
            }
            case PARTITIONS -> {
                for (PartitionSpec spec : selection.partitions()) {
                    Optional<PartitionState> p = find(snapshot, spec);
                    if (p.isEmpty()) {
                        notFound.add(spec.name());
                    } else {
                        rows.add(row(p.get(), live));
                    }
                }
            }
        }
        return new PreferredPlan(selection, rows, alreadyPreferred, notFound);
    }

    /**
     * The named partitions the snapshot holds, each once, in the order first named; the names it does not hold are
     * added to {@code notFound}.
     */
    static List<PartitionState> found(ClusterSnapshot snapshot, List<PartitionSpec> partitions, List<String> notFound) {
        List<PartitionState> out = new ArrayList<>();
        for (PartitionSpec spec : new LinkedHashSet<>(partitions)) {
            Optional<PartitionState> p = find(snapshot, spec);
            if (p.isEmpty()) {
                notFound.add(spec.name());
            } else {
                out.add(p.get());
            }
        }
        return out;
    }

    static Optional<PartitionState> find(ClusterSnapshot snapshot, PartitionSpec spec) {
        return snapshot.topic(spec.topic()).flatMap(t -> t.partitions().stream()
                .filter(p -> p.partition() == spec.partition()).findFirst());
    }

    static PreferredPlan.Row row(PartitionState p, Set<Integer> live) {
        Integer preferred = p.preferredLeader();
        boolean inIsr = preferred != null && p.isr().contains(preferred);
        boolean preferredLive = preferred != null && live.contains(preferred);
        PreferredPlan.Verdict verdict;
        String reason;
        if (preferred == null) {
            verdict = PreferredPlan.Verdict.CANNOT;
            reason = "the partition has no replicas assigned";
        } else if (preferred.equals(p.leader()) && preferredLive) {
            verdict = PreferredPlan.Verdict.NOT_NEEDED;
            reason = "broker " + preferred + " (preferred) already leads";
        } else if (!preferredLive) {
            verdict = PreferredPlan.Verdict.CANNOT;
            reason = "preferred replica " + preferred + " is not a live broker: start broker " + preferred
                    + " and wait for it to rejoin the ISR";
        } else if (!inIsr) {
            verdict = PreferredPlan.Verdict.CANNOT;
            reason = "preferred replica " + preferred + " is live but not in the ISR " + p.isr()
                    + ": wait until it catches up (see `under-replicated`)";
        } else {
            verdict = PreferredPlan.Verdict.WILL_ELECT;
            reason = p.leader() == null
                    ? "leaderless; broker " + preferred + " (preferred, in ISR) will lead"
                    : "leadership moves from broker " + p.leader() + " to broker " + preferred + " (preferred)";
        }
        return new PreferredPlan.Row(p.name(), p.topic(), p.partition(), p.leader(), preferred, inIsr, preferredLive,
                p.replicas(), p.isr(), verdict, reason);
    }
}
