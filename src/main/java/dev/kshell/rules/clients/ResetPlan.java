package dev.kshell.rules.clients;

import java.util.List;

/**
 * What {@code groups reset-offsets} would commit, partition by partition, and what it costs the group.
 *
 * @param groupId the group
 * @param to      how the new offsets were chosen ("to-earliest", "to-offset 100", ...)
 * @param rows    one per partition, by name
 * @param skipped unread records the group will never read, over every partition (a loss: the typed phrase)
 * @param reread  records it will read a second time (y/N)
 */
public record ResetPlan(String groupId, String to, List<Row> rows, long skipped, long reread) {

    public ResetPlan {
        rows = List.copyOf(rows);
    }

    /**
     * @param partition {@code topic-N}
     * @param current   the committed offset now, or null when none
     * @param target    the offset to commit
     * @param logStart  the log start
     * @param logEnd    the log end
     * @param skipped   unread records between where the group is and the target
     * @param reread    records between the target and where the group is, read again
     * @param note      why the target differs from what was asked (clamped to the log), or null
     */
    public record Row(String partition, Long current, long target, long logStart, long logEnd, long skipped,
                      long reread, String note) {
    }

    /**
     * The plan as {@code kafka-consumer-groups.sh --reset-offsets --from-file} reads it: {@code topic,partition,offset}
     * per line, what its own {@code --export} writes for one group.
     */
    public String csv() {
        StringBuilder out = new StringBuilder();
        for (Row r : rows) {
            int dash = r.partition().lastIndexOf('-');
            out.append(r.partition(), 0, dash).append(',').append(r.partition().substring(dash + 1)).append(',')
                    .append(r.target()).append('\n');
        }
        return out.toString();
    }
}
