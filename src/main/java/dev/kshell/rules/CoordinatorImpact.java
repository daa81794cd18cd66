package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;

import static dev.kshell.rules.TriageSteps.status;

/** Adds to triage steps 3 and 5 who is stuck behind a sick coordinator partition. */
final class CoordinatorImpact {

    private CoordinatorImpact() {
    }

    /** Adds, to the leaderless or under-min-ISR step, who is stuck behind a sick coordinator partition. */
    static TriageStep add(TriageStep step, CoordinatorReport report, String problem) {
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
}
