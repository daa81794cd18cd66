package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.List;
import java.util.Set;

/** What the triage steps share: a step's status from its findings, the worst fix, partition name lists. */
final class TriageSteps {

    /** How many partition names a finding lists before "+N more". */
    static final int LIST_LIMIT = 10;
    static final Set<String> COORDINATOR_TOPICS = Set.of(CoordinatorHealth.GROUP_TOPIC,
            CoordinatorHealth.TRANSACTION_TOPIC);

    private TriageSteps() {
    }

    static TriageStep skipped(int number, String title, String why) {
        return new TriageStep(number, title, StepStatus.SKIPPED, why, List.of(), null, null);
    }

    static StepStatus status(List<Finding> fs) {
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

    static String worstFix(List<Finding> fs) {
        Finding worst = null;
        for (Finding f : fs) {
            if (f.fix() != null && (worst == null || f.severity().compareTo(worst.severity()) > 0)) {
                worst = f;
            }
        }
        return worst == null ? null : worst.fix();
    }

    static String names(List<PartitionFinding> ps) {
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
