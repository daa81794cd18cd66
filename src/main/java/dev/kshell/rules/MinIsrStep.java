package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;
import dev.kshell.rules.replication.CauseReport;
import dev.kshell.rules.replication.LogDirReport;
import dev.kshell.rules.replication.ReplicationFindings;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static dev.kshell.rules.TriageSteps.names;
import static dev.kshell.rules.TriageSteps.status;

/** Triage step 5: partitions under min ISR ("recovered but half-paralysed") and under-replicated. */
final class MinIsrStep {

    private MinIsrStep() {
    }

    /*
     * One pass over the partitions, without a PartitionFinding per partition: on a large cluster with a broker down
     * a third of all partitions can be under-replicated, and materialising each (replica marks, copied lists) made
     * this step grow faster than linearly (GC with the heap full of the snapshot; docs/performance.md). Only the
     * first TriageSteps.LIST_LIMIT names per topic are kept. Same selection as PartitionHealth.underMinIsr / underReplicated.
     */
    static TriageStep of(ClusterSnapshot now, boolean sandboxSession) {
        return of(now, sandboxSession, null, null);
    }

    /**
     * @param causes  why each replica out of the ISR is out (the judgement of {@code under-replicated}), or null when
     *                not read: the action then only tells dead brokers from live ones
     * @param logDirs the log directories judged, or null: their offline / full / filling findings join this step
     */
    static TriageStep of(ClusterSnapshot now, boolean sandboxSession, CauseReport causes, LogDirReport logDirs) {
        Tally tally = new Tally(now.liveBrokerIds());
        for (TopicState t : PartitionHealth.select(now, TopicFilter.all())) {
            tally.topic(t);
        }
        // under min ISR first: those already refuse acks=all writes, the under-replicated only risk it
        List<Finding> fs = new ArrayList<>(tally.underFindings);
        fs.addAll(tally.urpFindings);
        if (!tally.unknownMinIsr.isEmpty()) {
            fs.add(new Finding(Severity.INFO, "min-isr-unknown", "topics",
                    "min.insync.replicas unknown (" + now.configsUnknownReason() + ") for " + tally.unknownMinIsr.size()
                            + " topic"
                            + (tally.unknownMinIsr.size() == 1 ? "" : "s") + " (" + ConfigRisks.list(
                            tally.unknownMinIsr) + "): their partitions were not judged against min ISR",
                    null));
        }
        if (causes != null) {
            fs.addAll(ReplicationFindings.of(causes));
        }
        if (logDirs != null) {
            fs.addAll(logDirs.findings());
        }
        StepStatus status = status(fs);
        if (status == StepStatus.OK && !tally.unknownMinIsr.isEmpty()) {
            // partitions not judged are not known to be fine
            status = StepStatus.WARN;
        }
        return new TriageStep(5, "Under-min-ISR partitions", status, tally.summary(), fs,
                action(tally, sandboxSession, causes), tally.next());
    }

    /**
     * What to do first: start the dead brokers that hold replicas out of the ISR, else look at the live ones; when
     * the causes were read, their first group's action, which knows more than dead or alive.
     */
    private static String action(Tally tally, boolean sandboxSession, CauseReport causes) {
        String action = null;
        if (!tally.deadOutOfIsr.isEmpty()) {
            action = BrokerStart.phrase(sandboxSession, "start", List.copyOf(tally.deadOutOfIsr))
                    + " to restore the ISR";
        } else if (!tally.liveOutOfIsr.isEmpty()) {
            action = "live replicas are out of sync: check broker "
                    + PartitionHealth.allIds(List.copyOf(tally.liveOutOfIsr)) + " (replica fetcher, disk, network)";
        }
        if (causes != null && !causes.groups().isEmpty()) {
            action = causes.groups().get(0).action();
        }
        return action;
    }

    /**
     * The trade-off while replicas are away: kshell's own command that lets acks=all writes through with the
     * replicas that are in sync, for an hour, with what it costs (docs/configs.md); empty when it would not help.
     */
    private static String lowerFor(TopicState t, Integer minIsr, int smallestIsr) {
        int to = Math.max(1, smallestIsr);
        if (minIsr == null || smallestIsr == Integer.MAX_VALUE || to >= minIsr) {
            return "";
        }
        int rf = t.replicationFactor();
        return "; trade-off to let acks=all writes through meanwhile: `configs set topic " + t.name()
                + " min.insync.replicas=" + to + " --for 1h` (acknowledged on " + (to == 1 ? "1 copy" : to + " copies")
                + " instead of " + minIsr + (to == 1 && rf > 1 ? "; asks for the typed phrase" : "")
                + "; kshell reminds to put " + minIsr + " back)";
    }

    private static void outOfIsr(PartitionState p, Set<Integer> live, Set<Integer> dead, Set<Integer> alive) {
        for (Integer id : p.replicas()) {
            if (!p.isr().contains(id)) {
                (live.contains(id) ? alive : dead).add(id);
            }
        }
    }

    /** The one pass over the partitions: per topic, what is under min ISR, what is under-replicated, who is out. */
    private static final class Tally {
        private final Set<Integer> live;
        private final List<Finding> underFindings = new ArrayList<>();
        private final List<Finding> urpFindings = new ArrayList<>();
        private final Set<Integer> deadOutOfIsr = new TreeSet<>();
        private final Set<Integer> liveOutOfIsr = new TreeSet<>();
        private final List<String> underTopics = new ArrayList<>();
        private final List<String> urpTopics = new ArrayList<>();
        private final List<String> unknownMinIsr = new ArrayList<>();
        private int underCount;
        private int leaderlessUnder;
        private int urpCount;

        Tally(Set<Integer> live) {
            this.live = live;
        }

        void topic(TopicState t) {
            Integer minIsr = t.config() == null ? null : t.config().minIsr();
            FirstNames under = new FirstNames();
            FirstNames urp = new FirstNames();
            int smallestIsr = Integer.MAX_VALUE;
            int atMin = 0;
            boolean undecided = false;
            for (PartitionState p : t.partitions()) {
                boolean leaderless = PartitionHealth.isLeaderless(p, live);
                int isr = p.isr().size();
                boolean underMin = minIsr != null && isr < minIsr;
                if (p.leader() != null && minIsr == null) {
                    undecided = true;
                }
                if (leaderless || underMin) { // a leader that does not answer is no leader (step 3's rule)
                    if (leaderless) {
                        leaderlessUnder++;
                    } else {
                        under.add(p);
                        smallestIsr = Math.min(smallestIsr, isr);
                        outOfIsr(p, live, deadOutOfIsr, liveOutOfIsr);
                    }
                }
                if (isr < p.replicas().size() && !leaderless && !underMin) {
                    urp.add(p);
                    outOfIsr(p, live, deadOutOfIsr, liveOutOfIsr);
                    if (minIsr != null && isr == minIsr) {
                        atMin++;
                    }
                }
            }
            if (undecided) {
                unknownMinIsr.add(t.name());
            }
            if (under.count > 0) {
                underCount += under.count;
                underTopics.add(t.name());
                underFindings.add(new Finding(Severity.ERROR, "under-min-isr", "topic " + t.name(),
                        under.count + " partition" + (under.count == 1 ? "" : "s") + " under min ISR (ISR < "
                                + "min.insync.replicas " + minIsr + "): acks=all producers fail with "
                                + "NOT_ENOUGH_REPLICAS: " + under.names(),
                        "`under-min-isr --topic " + t.name() + "`" + lowerFor(t, minIsr, smallestIsr)));
            }
            if (urp.count > 0) {
                urpCount += urp.count;
                urpTopics.add(t.name());
                String atMinNote = atMin == 0 ? "" : " (" + atMin + " at min ISR: one more replica loss blocks "
                        + "acks=all writes)";
                urpFindings.add(new Finding(Severity.WARNING, "under-replicated", "topic " + t.name(),
                        urp.count + " partition" + (urp.count == 1 ? "" : "s") + " under-replicated" + atMinNote
                                + ": " + urp.names(),
                        "`under-replicated --topic " + t.name() + "`"));
            }
        }

        String summary() {
            List<String> parts = new ArrayList<>();
            parts.add(underCount + " under min ISR");
            parts.add(urpCount + " under-replicated");
            if (leaderlessUnder > 0) {
                parts.add("+" + leaderlessUnder + " leaderless (step 3)");
            }
            if (!unknownMinIsr.isEmpty()) {
                parts.add("min.isr unknown for " + unknownMinIsr.size() + " topic"
                        + (unknownMinIsr.size() == 1 ? "" : "s"));
            }
            return underCount == 0 && urpCount == 0 && leaderlessUnder == 0 && unknownMinIsr.isEmpty()
                    ? "no partition under min ISR or under-replicated" : String.join(", ", parts);
        }

        /** The command to run next: the worst kind found, narrowed to its topic when only one has it. */
        String next() {
            if (underCount > 0) {
                return underTopics.size() == 1 ? "under-min-isr --topic " + underTopics.get(0) : "under-min-isr";
            } else if (urpCount > 0) {
                return urpTopics.size() == 1 ? "under-replicated --topic " + urpTopics.get(0) : "under-replicated";
            } else if (!unknownMinIsr.isEmpty()) {
                return "under-min-isr";
            }
            return null;
        }
    }

    /** How many partitions matched, and the names of the TriageSteps.LIST_LIMIT lowest-numbered ones, in partition order. */
    private static final class FirstNames {
        private final List<PartitionState> first = new ArrayList<>(TriageSteps.LIST_LIMIT + 1);
        private int count;

        void add(PartitionState p) {
            count++;
            // partitions arrive in number order from the gateway; keep the lowest numbers whatever the order
            int at = first.size();
            while (at > 0 && first.get(at - 1).partition() > p.partition()) {
                at--;
            }
            if (at < TriageSteps.LIST_LIMIT) {
                first.add(at, p);
                if (first.size() > TriageSteps.LIST_LIMIT) {
                    first.remove(TriageSteps.LIST_LIMIT);
                }
            }
        }

        String names() {
            StringBuilder sb = new StringBuilder();
            for (int i = 0; i < first.size(); i++) {
                if (i > 0) {
                    sb.append(", ");
                }
                sb.append(first.get(i).name());
            }
            if (count > TriageSteps.LIST_LIMIT) {
                sb.append(", +").append(count - TriageSteps.LIST_LIMIT).append(" more");
            }
            return sb.toString();
        }
    }
}
