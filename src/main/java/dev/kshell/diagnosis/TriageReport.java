package dev.kshell.diagnosis;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The result of {@code triage}: one verdict and the six checklist steps in order.
 *
 * @param clusterId cluster id of the snapshot, or null
 * @param takenAt   when the snapshot was read
 * @param verdict   HEALTHY / DEGRADED / UNAVAILABLE
 * @param steps     the checklist steps, numbered 1..6
 */
public record TriageReport(String clusterId, Instant takenAt, Verdict verdict, List<TriageStep> steps) {

    public TriageReport {
        steps = List.copyOf(steps);
    }

    /** 0 when healthy, 1 otherwise (findings exist). */
    public ExitCode exitCode() {
        return verdict == Verdict.HEALTHY ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** The first command to type: the {@code next} of the first step that is not ok, or null when healthy. */
    public String nextCommand() {
        // The most severe problem first: with leaderless partitions "leaderless" beats "brokers" (a fenced
        // broker is usually the cause, but the operator needs to see what is down); ties go to the earlier step.
        String next = null;
        Severity worst = null;
        // The seed lesson: while the controller keeps changing, make it hold before looking at partitions.
        if (findings().stream().anyMatch(f -> f.rule().equals("quorum-unstable"))) {
            return "watch quorum";
        }
        for (TriageStep s : steps) {
            if (s.status() == StepStatus.OK || s.status() == StepStatus.SKIPPED || s.next() == null) {
                continue;
            }
            Severity stepWorst = s.findings().stream().map(Finding::severity).max(Severity::compareTo)
                    .orElse(Severity.INFO);
            if (worst == null || stepWorst.compareTo(worst) > 0) {
                worst = stepWorst;
                next = s.next();
            }
        }
        return next;
    }

    /**
     * The verdict and its main reason: the summary of the first step holding the most severe finding, e.g.
     * "UNAVAILABLE: 3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1)". Just "HEALTHY" when healthy.
     */
    public String verdictLine() {
        if (verdict == Verdict.HEALTHY) {
            return verdict.name();
        }
        TriageStep worstStep = null;
        Severity worst = null;
        for (TriageStep s : steps) {
            for (Finding f : s.findings()) {
                if (worst == null || f.severity().compareTo(worst) > 0) {
                    worst = f.severity();
                    worstStep = s;
                }
            }
        }
        return worstStep == null ? verdict.name() : verdict.name() + ": " + worstStep.summary();
    }

    public List<Finding> findings() {
        List<Finding> all = new ArrayList<>();
        for (TriageStep s : steps) {
            all.addAll(s.findings());
        }
        return all;
    }

    public TriageStep step(int number) {
        return steps.get(number - 1);
    }
}
