package dev.kshell.rules.replication;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** The causes of under-replication as triage findings: one per cause group, with its next command. */
public final class ReplicationFindings {

    /** Partitions named per finding. */
    static final int NAMES = 5;

    private ReplicationFindings() {
    }

    public static List<Finding> of(CauseReport causes) {
        List<Finding> out = new ArrayList<>();
        for (CauseReport.Group g : causes.groups()) {
            List<String> names = g.replicas().stream().map(CauseReport.Replica::partition).distinct().toList();
            String listed = names.stream().limit(NAMES).collect(Collectors.joining(", "))
                    + (names.size() > NAMES ? " and " + (names.size() - NAMES) + " more" : "");
            Severity severity = g.cause() == Cause.OFFLINE_LOG_DIR ? Severity.ERROR : Severity.WARNING;
            out.add(new Finding(severity, "under-replicated-" + g.cause().label(), "broker " + g.broker(),
                    "cause: " + g.headline() + " (" + names.size() + " partition" + (names.size() == 1 ? "" : "s")
                            + ": " + listed + ")", "`" + g.next() + "`"));
        }
        return out;
    }
}
