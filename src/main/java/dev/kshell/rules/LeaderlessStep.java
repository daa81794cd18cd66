package dev.kshell.rules;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static dev.kshell.rules.TriageSteps.names;

/** Triage step 3: leaderless partitions grouped by topic, coordinator topics named. */
final class LeaderlessStep {

    private LeaderlessStep() {
    }

    static TriageStep of(ClusterSnapshot now, PartitionReport report) {
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
            if (TriageSteps.COORDINATOR_TOPICS.contains(g.topic())) {
                coordinators = true;
                message += "; groups or transactions coordinated there cannot commit or rebalance";
            }
            fs.add(new Finding(Severity.CRITICAL, "leaderless", "topic " + g.topic(), message,
                    "`leaderless --topic " + g.topic() + "`"
                            + (TriageSteps.COORDINATOR_TOPICS.contains(g.topic()) ? ", `coordinators`" : "")));
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
}
