package dev.kshell.rules.clients;

import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plans an offset reset as Kafka's {@code kafka-consumer-groups.sh --reset-offsets} chooses the new offsets (a target
 * outside the log is clamped to its start or end; a date with no record that new goes to the log end), and counts
 * what each partition costs the group: unread records skipped for good, records read again. Pure.
 */
public final class ResetPlanner {

    /** How the new offsets are chosen. */
    public enum To { EARLIEST, LATEST, DATETIME, OFFSET, SHIFT }

    /**
     * @param to    how
     * @param value the offset ({@link To#OFFSET}), the shift ({@link To#SHIFT}) or the epoch ms ({@link To#DATETIME})
     * @param label how the person said it ("to-offset 100"), for the plan and the audit line
     */
    public record Spec(To to, Long value, String label) {
    }

    private ResetPlanner() {
    }

    /**
     * @param targets   the partitions to reset, in order
     * @param committed the group's committed offsets
     * @param ranges    each target's log range (every target must have one)
     * @param atTime    for {@link To#DATETIME}: the first offset at or after the time, where one exists
     */
    public static ResetPlan plan(String groupId, Spec spec, List<PartitionSpec> targets,
                                 Map<PartitionSpec, Long> committed, Map<PartitionSpec, LogOffsets.Range> ranges,
                                 Map<PartitionSpec, Long> atTime) {
        List<ResetPlan.Row> rows = new ArrayList<>();
        long skipped = 0;
        long reread = 0;
        for (PartitionSpec p : targets) {
            LogOffsets.Range r = ranges.get(p);
            Long current = committed.get(p);
            long wanted = switch (spec.to()) {
                case EARLIEST -> r.start();
                case LATEST -> r.end();
                case DATETIME -> atTime.getOrDefault(p, r.end());
                case OFFSET -> spec.value();
                case SHIFT -> (current == null ? r.start() : current) + spec.value();
            };
            long target = Math.max(r.start(), Math.min(r.end(), wanted));
            String note = target == wanted ? null : wanted < r.start() ? wanted + " is below the log start "
                    + r.start() : wanted + " is above the log end " + r.end();
            long from = current == null ? r.start() : Math.max(current, r.start());
            long skip = Math.max(0, target - Math.min(from, r.end()));
            long again = current == null ? 0 : Math.max(0, Math.min(current, r.end()) - target);
            skipped += skip;
            reread += again;
            rows.add(new ResetPlan.Row(p.name(), current, target, r.start(), r.end(), skip, again, note));
        }
        return new ResetPlan(groupId, spec.label(), rows, skipped, reread);
    }
}
