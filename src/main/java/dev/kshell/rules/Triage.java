package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.rules.configs.ConfigFixes;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;

/**
 * The incident checklist of docs/commands.md (triage) as one pure function, one class per step: (1) quorum, (2) brokers, (3) leaderless
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
        steps.add(QuorumStep.of(in));
        steps.add(BrokerStep.of(in));
        if (now.brokers().isEmpty()) {
            String why = "no broker is known (none registered, or the broker list could not be read): "
                    + "partition leadership cannot be judged";
            steps.add(TriageSteps.skipped(3, "Leaderless partitions", why));
            steps.add(TriageSteps.skipped(4, "Recovery", why));
            steps.add(TriageSteps.skipped(5, "Under-min-ISR partitions", why));
        } else {
            // a leader that does not answer is no leader: steps 3 to 5 judge the partitions as `leaderless` does
            ClusterSnapshot judged = PartitionHealth.judged(now, BrokerHealth.silent(now, in.brokerProbes()));
            PartitionReport leaderless = PartitionHealth.leaderless(judged, TopicFilter.all());
            steps.add(CoordinatorImpact.add(LeaderlessStep.of(judged, leaderless), in.coordinators(), "leaderless"));
            steps.add(RecoveryStep.of(leaderless, in.sandboxSession()));
            steps.add(CoordinatorImpact.add(MinIsrStep.of(judged, in.sandboxSession(), in.urpCauses(), in.logDirs()),
                    in.coordinators(), "under-min-isr"));
        }
        if (now.topics().isEmpty() && now.brokers().isEmpty()) {
            steps.add(TriageSteps.skipped(6, "Config risks", "no topic loaded: config risks cannot be judged"));
        } else {
            steps.add(configStep(now));
        }
        steps.replaceAll(step -> withSideFindings(step, in.sideFindingsOf(step.number())));
        return new TriageReport(now.clusterId(), now.takenAt(), verdict(steps), steps,
                TriageReport.countConfigRisks(steps), in.strict());
    }

    /**
     * Step 1 alone, by the same rules as in the checklist: what the prompt's mark is judged from between triages
     * (a voter on an old disk, a voter not caught up, no leader, a lost majority).
     */
    public static TriageStep quorum(TriageInput in) {
        return QuorumStep.of(in);
    }

    /**
     * {@code step} with the side reads' findings for it joined after its own: its status is the worse of the two, its
     * summary says what joined it (a side finding's headline, else the rules of those at WARNING or above), and its
     * next command is the worst side finding's when it had none.
     */
    static TriageStep withSideFindings(TriageStep step, List<SideFinding> joining) {
        if (joining.isEmpty()) {
            return step;
        }
        List<Finding> side = joining.stream().map(SideFinding::finding).toList();
        List<Finding> all = new ArrayList<>(step.findings());
        all.addAll(side);
        StepStatus sideStatus = TriageSteps.status(side);
        StepStatus status = step.status() == StepStatus.SKIPPED ? sideStatus
                : sideStatus.ordinal() > step.status().ordinal() ? sideStatus : step.status();
        List<Finding> shown = side.stream().filter(f -> f.severity().atLeast(Severity.WARNING)).toList();
        List<String> said = new ArrayList<>();
        joining.stream().filter(s -> s.headline() != null).map(SideFinding::headline).distinct().forEach(said::add);
        List<String> rules = joining.stream().filter(s -> s.headline() == null
                && s.finding().severity().atLeast(Severity.WARNING)).map(s -> s.finding().rule()).distinct().toList();
        if (!rules.isEmpty()) {
            long count = joining.stream().filter(s -> s.headline() == null
                    && s.finding().severity().atLeast(Severity.WARNING)).count();
            said.add(count + " more: " + String.join(", ", rules));
        }
        String summary = said.isEmpty() ? step.summary() : step.summary() + "; " + String.join("; ", said);
        String next = step.next() != null ? step.next() : shown.stream().map(Finding::fix)
                .filter(java.util.Objects::nonNull).findFirst().orElse(null);
        return new TriageStep(step.number(), step.title(), status, summary, all, step.action(), next);
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

    // ---- step 6: config risks, counted but never part of the verdict
    private static TriageStep configStep(ClusterSnapshot now) {
        // the fixes name kshell's own command (through the gate, with its plan and undo), not Kafka's tool
        List<Finding> fs = ConfigRisks.check(now).stream().map(f -> new Finding(f.severity(), f.rule(), f.where(),
                f.message(), ConfigFixes.asKshell(f.fix()))).toList();
        StepStatus status = TriageSteps.status(fs);
        long risks = fs.stream().filter(f -> f.severity().atLeast(Severity.WARNING)).count();
        String summary = risks == 0 ? "no config risks" : risks + " config risk" + (risks == 1 ? "" : "s") + ": "
                + String.join(", ", fs.stream().filter(f -> f.severity().atLeast(Severity.WARNING))
                .map(Finding::rule).distinct().toList());
        if (risks == 0 && fs.stream().anyMatch(f -> f.rule().equals("config-unknown"))) {
            status = StepStatus.WARN;
            summary = "config risks unknown for some topics (" + now.configsUnknownReason() + ")";
        }
        return new TriageStep(6, "Config risks", status, summary, fs,
                risks == 0 ? null : TriageSteps.worstFix(fs), status == StepStatus.OK ? null : "audit");
    }
}
