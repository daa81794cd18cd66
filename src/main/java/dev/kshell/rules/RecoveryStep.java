package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static dev.kshell.rules.TriageSteps.names;

/** Triage step 4: how each leaderless partition can recover, grouped by the action it needs. */
final class RecoveryStep {

    private RecoveryStep() {
    }

    static TriageStep of(PartitionReport leaderless, boolean sandboxSession) {
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
        List<String> emptyIfNewDisk = new ArrayList<>();
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
                    if (!f.isr().isEmpty() || !f.elr().isEmpty()) {
                        emptyIfNewDisk.add(f.name());
                    }
                    key = f.topic() + "|" + rc + "|" + brokers;
                    fix = advice.text();
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
        List<String> actions = actions(toStart, emptyIfNewDisk, perClass, sandboxSession);
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

    /** The step's "do" line: start the brokers (with the new-disk warning), or else what each class needs. */
    private static List<String> actions(Set<Integer> toStart, List<String> emptyIfNewDisk, int[] perClass,
                                        boolean sandboxSession) {
        List<String> actions = new ArrayList<>();
        if (!toStart.isEmpty()) {
            boolean one = toStart.size() == 1;
            actions.add(BrokerStart.phrase(sandboxSession, "start", List.copyOf(toStart))
                    + (one ? " on its own disk" : " on their own disks")
                    + (emptyIfNewDisk.isEmpty() ? "" : "; on " + (one ? "a new, empty disk" : "new, empty disks")
                    + " the records of " + emptyIfNewDisk.size() + " partition" + (emptyIfNewDisk.size() == 1 ? "" : "s")
                    + " are gone and Kafka may make " + (one ? "it" : "them") + " lead EMPTY with no warning: "
                    + "`brokers new-disk " + (one ? toStart.iterator().next() : "N") + "` says before the start, and "
                    + "the safer order is `reassign evacuate` first, then the start"));
            actions.add("if a broker will not come back: `reassign evacuate " + String.join(" ", toStart.stream()
                    .map(String::valueOf).toList()) + " --dry-run` (its other replicas are copied to live brokers at the "
                    + "throttle; a partition with no other copy restarts empty)");
        }
        if (perClass[RecoveryClass.UNCLEAN_ONLY.ordinal()] > 0) {
            actions.add("for unclean-only partitions, starting a dead ISR/ELR replica allows a clean election; "
                    + "an unclean election is the last resort (loses data)");
        }
        if (perClass[RecoveryClass.CLEAN_POSSIBLE.ordinal()] > 0) {
            actions.add("clean-possible partitions: wait for the controller");
        }
        return actions;
    }
}
