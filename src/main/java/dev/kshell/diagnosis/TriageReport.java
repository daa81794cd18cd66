package dev.kshell.diagnosis;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;

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
        for (TriageStep s : steps) {
            if (s.status() != StepStatus.OK && s.status() != StepStatus.SKIPPED && s.next() != null) {
                return s.next();
            }
        }
        return null;
    }

    /** "UNAVAILABLE: 3 leaderless partitions, no quorum leader" style line: the verdict and each failing step. */
    public String verdictLine() {
        List<String> parts = new ArrayList<>();
        for (TriageStep s : steps) {
            if (s.status() == StepStatus.FAIL || s.status() == StepStatus.WARN) {
                parts.add(s.title().toLowerCase(java.util.Locale.ROOT) + ": " + s.summary());
            }
        }
        return parts.isEmpty() ? verdict.name() : verdict.name() + " (" + String.join("; ", parts) + ")";
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
