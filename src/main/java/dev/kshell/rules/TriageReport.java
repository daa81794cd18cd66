package dev.kshell.rules;

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
 * @param steps       the checklist steps, numbered 1..6
 * @param configRisks config-step findings at WARNING or above (counted, not part of the verdict)
 * @param strict      {@code --strict}: config risks make the exit code 1
 */
public record TriageReport(String clusterId, Instant takenAt, Verdict verdict, List<TriageStep> steps,
                           int configRisks, boolean strict) {

    public TriageReport {
        steps = List.copyOf(steps);
    }

    /** Without a count of config risks given: counted from the config step, not strict. */
    public TriageReport(String clusterId, Instant takenAt, Verdict verdict, List<TriageStep> steps) {
        this(clusterId, takenAt, verdict, steps, countConfigRisks(steps), false);
    }

    /** Config-step findings at WARNING or above: static settings that turn the next failure into an outage. */
    static int countConfigRisks(List<TriageStep> steps) {
        int n = 0;
        for (TriageStep s : steps) {
            if (s.number() == Triage.CONFIG_STEP) {
                for (Finding f : s.findings()) {
                    if (f.severity().atLeast(Severity.WARNING)) {
                        n++;
                    }
                }
            }
        }
        return n;
    }

    /**
     * 0 when HEALTHY, 1 otherwise. Config risks describe the next failure, not this one: they make the exit code 1
     * only with {@code triage --strict}, so that a static setting does not page anyone or stop a runbook.
     */
    public ExitCode exitCode() {
        if (verdict != Verdict.HEALTHY) {
            return ExitCode.FINDINGS;
        }
        return strict && configRisks > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** The first command to type: the {@code next} of the first step that is not ok, or null when healthy. */
    public String nextCommand() {
        // The most severe problem first: with leaderless partitions "leaderless" beats "brokers" (a fenced
        // broker is usually the cause, but the operator needs to see what is down); ties go to the earlier step.
        String next = null;
        Severity worst = null;
        // The seed lesson: while the controller keeps changing, make it hold before looking at partitions.
        // A lost majority outranks it: then the quorum step's own next (start the silent controllers) leads.
        if (findings().stream().anyMatch(f -> f.rule().equals("quorum-unstable"))
                && findings().stream().noneMatch(f -> f.where().equals("quorum") && f.severity() == Severity.CRITICAL)) {
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
        if (next == null) {
            // nothing is wrong, but a step has a suggestion (an INFO line such as preferred-leader imbalance)
            for (TriageStep s : steps) {
                if (s.status() == StepStatus.OK && s.next() != null) {
                    return s.next();
                }
            }
        }
        return next;
    }

    /**
     * The verdict and its main reason: the summary of the first step holding the most severe finding, e.g.
     * "UNAVAILABLE: 3 leaderless partitions in 2 topics (__consumer_offsets 2, rf1 1)". Just "HEALTHY" when healthy.
     */
    public String verdictLine() {
        String risks = riskCount();
        if (verdict == Verdict.HEALTHY) {
            return risks.isEmpty() ? verdict.name() : verdict.name() + ", " + risks;
        }
        TriageStep worstStep = null;
        Severity worst = null;
        for (TriageStep s : steps) {
            if (s.number() == Triage.CONFIG_STEP) {
                continue; // availability now: config risks are only counted
            }
            for (Finding f : s.findings()) {
                if (worst == null || f.severity().compareTo(worst) > 0) {
                    worst = f.severity();
                    worstStep = s;
                }
            }
        }
        String line = worstStep == null ? verdict.name() : verdict.name() + ": " + worstStep.summary();
        return risks.isEmpty() ? line : line + "; " + risks;
    }

    /**
     * "2 config risks", "1 time risk", "2 config risks, 1 time risk", or "": step 6's findings at WARNING or above,
     * the radar's clock and timestamp findings named apart (they join step 6, but they are not settings).
     */
    private String riskCount() {
        long time = 0;
        for (TriageStep s : steps) {
            if (s.number() == Triage.CONFIG_STEP) {
                time += s.findings().stream().filter(f -> f.severity().atLeast(Severity.WARNING)
                        && TimeRisks.RULES.contains(f.rule())).count();
            }
        }
        long config = Math.max(0, configRisks - time);
        List<String> parts = new ArrayList<>();
        if (config > 0) {
            parts.add(config + " config risk" + (config == 1 ? "" : "s"));
        }
        if (time > 0) {
            parts.add(time + " time risk" + (time == 1 ? "" : "s"));
        }
        return String.join(", ", parts);
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
