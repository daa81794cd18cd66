package dev.kshell.rules.clients;

import java.util.List;

/**
 * What {@code groups} found.
 *
 * @param groups       every group listed, by id
 * @param typesMissing why types are inferred (an old release), or null
 * @param notes        what could not be read, one sentence each
 */
public record GroupsReport(List<GroupRow> groups, String typesMissing, List<String> notes) {

    public GroupsReport {
        groups = List.copyOf(groups);
        notes = List.copyOf(notes);
    }

    /** Groups with a partition out of range, or whose coordinator partition is sick. */
    public long hurt() {
        return groups.stream().filter(g -> g.outOfRange() > 0 || g.coordinatorProblem() != null).count();
    }
}
