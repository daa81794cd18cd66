package dev.kshell.rules;

import dev.kshell.model.ExitCode;

import java.util.List;

/**
 * What {@code coordinators} found.
 *
 * @param partitions   sick coordinator partitions (internal topic order, then by number), with how many of the
 *                     given groups / transactional ids each coordinates
 * @param groups       groups coordinated on a sick partition, by partition then id
 * @param transactions transactional ids coordinated on a sick partition, by partition then id
 * @param notes        what could not be judged (topic not loaded, min.isr unknown), one sentence each
 */
public record CoordinatorReport(List<CoordinatorPartition> partitions, List<CoordinatorEntry> groups,
                                List<CoordinatorEntry> transactions, List<String> notes) {

    public CoordinatorReport {
        partitions = List.copyOf(partitions);
        groups = List.copyOf(groups);
        transactions = List.copyOf(transactions);
        notes = List.copyOf(notes);
    }

    /** Groups plus transactional ids affected. */
    public int total() {
        return groups.size() + transactions.size();
    }

    /** 1 when a coordinator partition is sick or something could not be judged, else 0. */
    public ExitCode exitCode() {
        return partitions.isEmpty() && notes.isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }
}
