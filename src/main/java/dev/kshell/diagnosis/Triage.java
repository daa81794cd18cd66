package dev.kshell.diagnosis;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.PartitionState;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The incident checklist of docs/commands.md (triage) as one pure function: (1) quorum, (2) brokers, (3) leaderless
 * partitions, (4) how each can recover, (5) under-min-ISR and under-replicated partitions, (6) config risks.
 * Every step runs unless it cannot be judged: with no broker known, leadership (steps 3 to 5) cannot be judged;
 * with no topic loaded, neither can config risks.
 *
 * <p>Verdict: availability now. UNAVAILABLE when a finding of steps 1-5 is CRITICAL (no quorum leader, a leaderless
 * partition, no broker able to serve, a broker that leads partitions and does not answer); DEGRADED when one is
 * WARNING or ERROR (under min ISR, fenced, missing or silent brokers, under-replicated, lagging voters, unreadable
 * quorum); HEALTHY otherwise. Config risks (step 6) describe the next failure: they are listed and counted in the
 * verdict line, and change the exit code only with {@code --strict}.
 */
public final class Triage {

    /** The config-risk step: counted, never part of the verdict. */
    public static final int CONFIG_STEP = 6;

    private static final int LIST_LIMIT = 10;
    private static final Set<String> COORDINATOR_TOPICS = Set.of(CoordinatorHealth.GROUP_TOPIC,
            CoordinatorHealth.TRANSACTION_TOPIC);

    private Triage() {
    }

    /**
     * @param now      the snapshot to judge
     * @param previous an earlier snapshot of the same cluster, or null; only used to see whether the quorum
     *                 epoch is climbing
     */
    public static TriageReport run(ClusterSnapshot now, ClusterSnapshot previous) {
        return run(TriageInput.of(now, previous));
    }

    /** The checklist over everything the command gathered (probes, coordinators, flags). */
    public static TriageReport run(TriageInput in) {
        ClusterSnapshot now = in.snapshot();
        List<TriageStep> steps = new ArrayList<>(6);
        steps.add(quorumStep(in));
        steps.add(brokerStep(in));
        if (now.brokers().isEmpty()) {
            String why = "no broker is known (none registered, or the broker list could not be read): "
                    + "partition leadership cannot be judged";
            steps.add(skipped(3, "Leaderless partitions", why));
            steps.add(skipped(4, "Recovery", why));
            steps.add(skipped(5, "Under-min-ISR partitions", why));
        } else {
            PartitionReport leaderless = PartitionHealth.leaderless(now, TopicFilter.all());
            steps.add(withCoordinators(leaderlessStep(now, leaderless), in.coordinators(), "leaderless"));
            steps.add(recoveryStep(leaderless, in.sandboxSession()));
            steps.add(withCoordinators(underMinIsrStep(now, in.sandboxSession()), in.coordinators(), "under-min-isr"));
        }
        if (now.topics().isEmpty() && now.brokers().isEmpty()) {
            steps.add(skipped(6, "Config risks", "no topic loaded: config risks cannot be judged"));
        } else {
            steps.add(configStep(now));
        }
        return new TriageReport(now.clusterId(), now.takenAt(), verdict(steps), steps,
                TriageReport.countConfigRisks(steps), in.strict());
    }

    static Verdict verdict(List<TriageStep> steps) {
        Severity worst = Severity.INFO;
        for (TriageStep s : steps) {
            if (s.number() == CONFIG_STEP) {
                continue;
            }
            for (Finding f : s.findings()) {
                if (f.severity().compareTo(worst) > 0) {
                    worst = f.severity();
                }
            }
        }
        if (worst == Severity.CRITICAL) {
            return Verdict.UNAVAILABLE;
        }
        return worst.atLeast(Severity.WARNING) ? Verdict.DEGRADED : Verdict.HEALTHY;
    }

    // ---- step 1
    private static TriageStep quorumStep(TriageInput in) {
        ClusterSnapshot now = in.snapshot();
        QuorumStability stability = in.quorumStability();
        List<Finding> fs = new ArrayList<>(QuorumHealth.check(now, in.previous(), stability));
        Set<String> places = new java.util.HashSet<>();
        fs.forEach(f -> places.add(f.where()));
        VoterReachability.Result voters = VoterReachability.check(now.quorum(), in.voterProbes(), places);
        if (voters.majorityLost()) {
            // the probes say more than "unreadable" / "no leader", and their advice works where
            // `connect --bootstrap-controller` to a dead controller would not
            fs.removeIf(f -> f.rule().equals("quorum-unreadable") || f.rule().equals("quorum-no-leader"));
        }
        fs.addAll(voters.majorityLost() ? 0 : fs.size(), voters.findings()); // the lost majority leads
        StepStatus status = status(fs);
        String next = null;
        if (voters.majorityLost()) {
            next = in.sandboxSession() && !voters.silentIds().isEmpty()
                    ? "sandbox start-controller " + voters.silentIds().get(0) : "watch triage";
        } else if (status != StepStatus.OK) {
            next = fs.stream().anyMatch(f -> f.rule().equals("quorum-epoch-climbing")
                    || f.rule().equals("quorum-unstable")) ? "watch quorum" : "quorum";
        }
        String summary = voters.summary() != null ? voters.summary() : QuorumHealth.summary(now.quorum(), fs);
        if (stability != null && !stability.stable()) {
            // a lost majority is the headline; the earlier leader changes explain it
            summary = voters.majorityLost() ? summary + "; " + stability.sentence()
                    : stability.sentence() + "; now " + summary;
        }
        String action = status == StepStatus.OK ? null : worstFix(fs);
        if (voters.majorityLost() && in.sandboxSession()) {
            action = "in the sandbox: " + String.join("; ", voters.silentIds().stream()
                    .map(id -> "`sandbox start-controller " + id + "`").toList());
        }
        // ZooKeeper mode has no KRaft quorum: step 1 is the controller (and ZooKeeper, with --zookeeper)
        String title = now.quorum() != null && now.quorum().zooKeeperMode() ? "Controller" : "Quorum";
        return new TriageStep(1, title, status, summary, fs, action, next);
    }

    // ---- step 2
    private static TriageStep brokerStep(TriageInput in) {
        ClusterSnapshot now = in.snapshot();
        List<Finding> fs = BrokerHealth.check(now, in.brokerProbes(), in.brokerSessionTimeoutMs());
        StepStatus status = status(fs);
        List<String> actions = new ArrayList<>();
        Set<Integer> silent = BrokerHealth.silent(now, in.brokerProbes());
        if (!silent.isEmpty()) {
            actions.add(BrokerStart.phrase(in.sandboxSession(), "restart", List.copyOf(silent)) + " (not answering)");
        }
        List<Integer> fenced = now.brokers().stream().filter(b -> b.fenced()).map(b -> b.id()).sorted().toList();
        List<Integer> missing = List.copyOf(BrokerHealth.missing(now).keySet());
        if (now.brokers().isEmpty()) {
            actions.add(worstFix(fs));
        }
        if (!fenced.isEmpty()) {
            actions.add(BrokerStart.phrase(in.sandboxSession(), "restart", fenced) + " (fenced)");
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
        Map<Integer, int[]> leads = new java.util.TreeMap<>();
        Map<Integer, int[]> preferred = new java.util.HashMap<>();
        int movable = 0;
        for (TopicState t : now.topics()) {
            for (dev.kshell.model.PartitionState p : t.partitions()) {
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
        String who = worst < 0 ? "" : ": broker " + worst + " leads " + leads.get(worst)[0] + " partitions and is "
                + "the preferred leader of " + (preferred.containsKey(worst) ? preferred.get(worst)[0] : 0);
        return new Finding(Severity.INFO, "preferred-leader-imbalance", "brokers",
                movable + " partition" + (movable == 1 ? " is" : "s are") + " not led by their preferred leader, "
                        + "which is live and in sync" + who,
                "`elect preferred --all --dry-run`, then without --dry-run");
    }

    /** Adds, to the leaderless or under-min-ISR step, who is stuck behind a sick coordinator partition. */
    private static TriageStep withCoordinators(TriageStep step, CoordinatorReport report, String problem) {
        if (report == null) {
            return step;
        }
        List<CoordinatorPartition> sick = report.partitions().stream().filter(p -> p.problem().equals(problem))
                .toList();
        if (sick.isEmpty()) {
            return step;
        }
        List<String> groups = new ArrayList<>();
        List<String> txns = new ArrayList<>();
        for (CoordinatorEntry e : report.groups()) {
            if (e.problem().equals(problem)) {
                groups.add(e.id());
            }
        }
        for (CoordinatorEntry e : report.transactions()) {
            if (e.problem().equals(problem)) {
                txns.add(e.id());
            }
        }
        String why = problem.equals("leaderless") ? "their coordinator partition has no leader"
                : "their coordinator partition is under min ISR (commits are written with acks=all)";
        String message;
        if (groups.isEmpty() && txns.isEmpty()) {
            message = "no consumer group or transactional id listed on the " + sick.size() + " sick coordinator "
                    + "partition" + (sick.size() == 1 ? "" : "s") + (problem.equals("leaderless")
                    ? " (a group whose coordinator has no leader is listed by no broker: `coordinators --group ID` "
                    + "checks one by name)" : "");
        } else {
            List<String> parts = new ArrayList<>();
            if (!groups.isEmpty()) {
                parts.add(groups.size() + " consumer group" + (groups.size() == 1 ? "" : "s") + " ("
                        + ConfigRisks.list(groups) + ") cannot commit offsets or rebalance");
            }
            if (!txns.isEmpty()) {
                parts.add(txns.size() + " transactional id" + (txns.size() == 1 ? "" : "s") + " ("
                        + ConfigRisks.list(txns) + ") cannot complete transactions");
            }
            message = String.join("; ", parts) + ": " + why;
        }
        List<Finding> fs = new ArrayList<>(step.findings());
        fs.add(new Finding(groups.isEmpty() && txns.isEmpty() ? Severity.WARNING : Severity.ERROR,
                "coordinator-impact", "coordinators", message, "`coordinators`"));
        StepStatus status = step.status() == StepStatus.FAIL ? StepStatus.FAIL : status(fs);
        String next = "coordinators";
        return new TriageStep(step.number(), step.title(), status, step.summary(), fs, step.action(), next);
    }

    // ---- step 3
    private static TriageStep leaderlessStep(ClusterSnapshot now, PartitionReport report) {
        if (report.total() == 0) {
            return new TriageStep(3, "Leaderless partitions", StepStatus.OK, "no leaderless partitions", List.of(),
                    null, null);
        }
        Map<String, TopicState> byName = new LinkedHashMap<>();
        for (TopicState t : now.topics()) {
            byName.put(t.name(), t);
        }
        List<Finding> fs = new ArrayList<>();
        List<String> counts = new ArrayList<>();
        boolean coordinators = false;
        for (TopicGroup g : report.topics()) {
            TopicState t = byName.get(g.topic());
            int of = t == null ? g.count() : t.partitions().size();
            String message = g.count() + " of " + of + " partitions leaderless: " + names(g.partitions());
            if (COORDINATOR_TOPICS.contains(g.topic())) {
                coordinators = true;
                message += "; groups or transactions coordinated there cannot commit or rebalance";
            }
            fs.add(new Finding(Severity.CRITICAL, "leaderless", "topic " + g.topic(), message,
                    "`leaderless --topic " + g.topic() + "`"
                            + (COORDINATOR_TOPICS.contains(g.topic()) ? ", `coordinators`" : "")));
            counts.add(g.topic() + " " + g.count());
        }
        String summary = report.total() + " leaderless partition" + (report.total() == 1 ? "" : "s") + " in "
                + report.topics().size() + " topic" + (report.topics().size() == 1 ? "" : "s") + " ("
                + ConfigRisks.list(counts) + ")";
        String next = report.topics().size() == 1 ? "leaderless --topic " + report.topics().get(0).topic()
                : "leaderless";
        return new TriageStep(3, "Leaderless partitions", StepStatus.FAIL, summary, fs,
                coordinators ? "see which groups and transactions are stuck: `coordinators`" : null, next);
    }

    // ---- step 4
    private static TriageStep recoveryStep(PartitionReport leaderless, boolean sandboxSession) {
        if (leaderless.total() == 0) {
            return new TriageStep(4, "Recovery", StepStatus.OK, "no leaderless partitions: nothing to recover",
                    List.of(), null, null);
        }
        // Group partitions that need the same action: (topic, class, what to do).
        Map<String, List<PartitionFinding>> groups = new LinkedHashMap<>();
        Map<String, String> fixes = new LinkedHashMap<>();
        Map<String, RecoveryClass> classes = new LinkedHashMap<>();
        int[] perClass = new int[RecoveryClass.values().length];
        Set<Integer> toStart = new TreeSet<>();
        String firstUnclean = null;
        String firstClean = null;
        for (PartitionFinding f : leaderless.partitions()) {
            RecoveryClass rc = f.recovery();
            perClass[rc.ordinal()]++;
            Advice advice = PartitionHealth.advice(f);
            String key;
            String fix;
            switch (rc) {
                case NO_LIVE_REPLICA -> {
                    List<Integer> brokers = PartitionHealth.brokersToStart(f);
                    toStart.addAll(brokers);
                    key = f.topic() + "|" + rc + "|" + brokers;
                    fix = "no replica alive: start broker " + PartitionHealth.ids(brokers);
                }
                case UNCLEAN_ONLY -> {
                    key = f.topic() + "|" + rc + "|" + f.partition();
                    fix = advice.text();
                    if (firstUnclean == null) {
                        firstUnclean = advice.command();
                    }
                }
                default -> {
                    key = f.topic() + "|" + rc + "|" + advice.command();
                    fix = "wait: the controller will elect a live ELR/ISR replica"
                            + (advice.command().startsWith("elect preferred")
                            ? "; if it stays leaderless: `" + advice.command() + "`" : "");
                    if (firstClean == null) {
                        firstClean = advice.command();
                    }
                }
            }
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(f);
            fixes.putIfAbsent(key, fix);
            classes.putIfAbsent(key, rc);
        }
        List<Finding> fs = new ArrayList<>();
        for (Map.Entry<String, List<PartitionFinding>> e : groups.entrySet()) {
            RecoveryClass rc = classes.get(e.getKey());
            List<PartitionFinding> ps = e.getValue();
            Severity sev = rc == RecoveryClass.CLEAN_POSSIBLE ? Severity.ERROR : Severity.CRITICAL;
            fs.add(new Finding(sev, "recovery-" + rc.label(), "topic " + ps.get(0).topic(),
                    rc.label() + ": " + names(ps), fixes.get(e.getKey())));
        }
        List<String> counts = new ArrayList<>();
        for (RecoveryClass rc : RecoveryClass.values()) {
            if (perClass[rc.ordinal()] > 0) {
                counts.add(perClass[rc.ordinal()] + " " + rc.label());
            }
        }
        List<String> actions = new ArrayList<>();
        if (!toStart.isEmpty()) {
            actions.add(BrokerStart.phrase(sandboxSession, "start", List.copyOf(toStart)));
        }
        if (perClass[RecoveryClass.UNCLEAN_ONLY.ordinal()] > 0) {
            actions.add("for unclean-only partitions, starting a dead ISR/ELR replica allows a clean election; "
                    + "an unclean election is the last resort (loses data)");
        }
        if (perClass[RecoveryClass.CLEAN_POSSIBLE.ordinal()] > 0) {
            actions.add("clean-possible partitions: wait for the controller");
        }
        String next;
        if (!toStart.isEmpty()) {
            next = "watch leaderless";
        } else if (firstUnclean != null) {
            next = firstUnclean;
        } else {
            next = firstClean;
        }
        return new TriageStep(4, "Recovery", StepStatus.FAIL, String.join(", ", counts), fs,
                String.join("; ", actions), next);
    }

    // ---- step 5
    /*
     * One pass over the partitions, without a PartitionFinding per partition: on a large cluster with a broker down
     * a third of all partitions can be under-replicated, and materialising each (replica marks, copied lists) made
     * this step grow faster than linearly (GC with the heap full of the snapshot; docs/performance.md). Only the
     * first LIST_LIMIT names per topic are kept. Same selection as PartitionHealth.underMinIsr / underReplicated.
     */
    private static TriageStep underMinIsrStep(ClusterSnapshot now, boolean sandboxSession) {
        Set<Integer> live = now.liveBrokerIds();
        List<Finding> underFindings = new ArrayList<>();
        List<Finding> urpFindings = new ArrayList<>();
        Set<Integer> deadOutOfIsr = new TreeSet<>();
        Set<Integer> liveOutOfIsr = new TreeSet<>();
        int underCount = 0;
        int leaderlessUnder = 0;
        int urpCount = 0;
        List<String> underTopics = new ArrayList<>();
        List<String> urpTopics = new ArrayList<>();
        List<String> unknownMinIsr = new ArrayList<>();
        for (TopicState t : PartitionHealth.select(now, TopicFilter.all())) {
            Integer minIsr = t.config() == null ? null : t.config().minIsr();
            FirstNames under = new FirstNames();
            FirstNames urp = new FirstNames();
            int atMin = 0;
            boolean undecided = false;
            for (PartitionState p : t.partitions()) {
                boolean leaderless = PartitionHealth.isLeaderless(p, live);
                int isr = p.isr().size();
                boolean underMin = minIsr != null && isr < minIsr;
                if (p.leader() != null && minIsr == null) {
                    undecided = true;
                }
                if (p.leader() == null || underMin) {
                    if (leaderless) {
                        leaderlessUnder++;
                    } else {
                        under.add(p);
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
                        "`under-min-isr --topic " + t.name() + "`"));
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
        List<Finding> fs = new ArrayList<>(underFindings);
        fs.addAll(urpFindings);
        if (!unknownMinIsr.isEmpty()) {
            fs.add(new Finding(Severity.INFO, "min-isr-unknown", "topics",
                    "min.insync.replicas unknown (configs not loaded) for " + unknownMinIsr.size() + " topic"
                            + (unknownMinIsr.size() == 1 ? "" : "s") + " (" + ConfigRisks.list(
                            unknownMinIsr) + "): their partitions were not judged against min ISR",
                    null));
        }
        StepStatus status = status(fs);
        if (status == StepStatus.OK && !unknownMinIsr.isEmpty()) {
            status = StepStatus.WARN;
        }
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
        String summary = underCount == 0 && urpCount == 0 && leaderlessUnder == 0 && unknownMinIsr.isEmpty()
                ? "no partition under min ISR or under-replicated" : String.join(", ", parts);
        String action = null;
        if (!deadOutOfIsr.isEmpty()) {
            action = BrokerStart.phrase(sandboxSession, "start", List.copyOf(deadOutOfIsr)) + " to restore the ISR";
        } else if (!liveOutOfIsr.isEmpty()) {
            action = "live replicas are out of sync: check broker " + PartitionHealth.allIds(List.copyOf(liveOutOfIsr))
                    + " (replica fetcher, disk, network)";
        }
        String next = null;
        if (underCount > 0) {
            next = underTopics.size() == 1 ? "under-min-isr --topic " + underTopics.get(0) : "under-min-isr";
        } else if (urpCount > 0) {
            next = urpTopics.size() == 1 ? "under-replicated --topic " + urpTopics.get(0) : "under-replicated";
        } else if (!unknownMinIsr.isEmpty()) {
            next = "under-min-isr";
        }
        return new TriageStep(5, "Under-min-ISR partitions", status, summary, fs, action, next);
    }

    // ---- step 6
    private static TriageStep configStep(ClusterSnapshot now) {
        List<Finding> fs = ConfigRisks.check(now);
        StepStatus status = status(fs);
        long risks = fs.stream().filter(f -> f.severity().atLeast(Severity.WARNING)).count();
        String summary = risks == 0 ? "no config risks" : risks + " config risk" + (risks == 1 ? "" : "s") + ": "
                + String.join(", ", fs.stream().filter(f -> f.severity().atLeast(Severity.WARNING))
                .map(Finding::rule).distinct().toList());
        if (risks == 0 && fs.stream().anyMatch(f -> f.rule().equals("config-unknown"))) {
            status = StepStatus.WARN;
            summary = "config risks unknown for some topics (configs not loaded)";
        }
        return new TriageStep(6, "Config risks", status, summary, fs,
                risks == 0 ? null : worstFix(fs), status == StepStatus.OK ? null : "audit");
    }

    // ---- helpers
    private static TriageStep skipped(int number, String title, String why) {
        return new TriageStep(number, title, StepStatus.SKIPPED, why, List.of(), null, null);
    }

    private static StepStatus status(List<Finding> fs) {
        StepStatus s = StepStatus.OK;
        for (Finding f : fs) {
            if (f.severity().atLeast(Severity.ERROR)) {
                return StepStatus.FAIL;
            }
            if (f.severity() == Severity.WARNING) {
                s = StepStatus.WARN;
            }
        }
        return s;
    }

    private static String worstFix(List<Finding> fs) {
        Finding worst = null;
        for (Finding f : fs) {
            if (f.fix() != null && (worst == null || f.severity().compareTo(worst.severity()) > 0)) {
                worst = f;
            }
        }
        return worst == null ? null : worst.fix();
    }

    private static void outOfIsr(PartitionState p, Set<Integer> live, Set<Integer> dead, Set<Integer> alive) {
        for (Integer id : p.replicas()) {
            if (!p.isr().contains(id)) {
                (live.contains(id) ? alive : dead).add(id);
            }
        }
    }

    /** How many partitions matched, and the names of the LIST_LIMIT lowest-numbered ones, in partition order. */
    private static final class FirstNames {
        private final List<PartitionState> first = new ArrayList<>(LIST_LIMIT + 1);
        private int count;

        void add(PartitionState p) {
            count++;
            // partitions arrive in number order from the gateway; keep the lowest numbers whatever the order
            int at = first.size();
            while (at > 0 && first.get(at - 1).partition() > p.partition()) {
                at--;
            }
            if (at < LIST_LIMIT) {
                first.add(at, p);
                if (first.size() > LIST_LIMIT) {
                    first.remove(LIST_LIMIT);
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
            if (count > LIST_LIMIT) {
                sb.append(", +").append(count - LIST_LIMIT).append(" more");
            }
            return sb.toString();
        }
    }

    private static String names(List<PartitionFinding> ps) {
        StringBuilder sb = new StringBuilder();
        int n = Math.min(ps.size(), LIST_LIMIT);
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(ps.get(i).name());
        }
        if (ps.size() > LIST_LIMIT) {
            sb.append(", +").append(ps.size() - LIST_LIMIT).append(" more");
        }
        return sb.toString();
    }
}
