package dev.kshell.model;

import java.util.List;

/**
 * A voter or observer of a KRaft quorum with its identity as KIP-853 gives it: the node id and the metadata directory
 * id ({@code meta.properties}' {@code directory.id}). A node whose disk was lost and formatted again keeps its id but
 * gets a new directory id, so the two together name one replica.
 *
 * @param id                node id
 * @param directoryId       metadata directory id, null when the cluster does not report one (static quorum, or a
 *                          release before 3.9)
 * @param endpoints         a voter's controller endpoints as {@code LISTENER://host:port} (empty for observers and
 *                          when not reported)
 * @param logEndOffset      metadata log end offset, -1 when unknown
 * @param lag               records behind the leader's log end offset; null when either side is unknown
 * @param lastFetchAgeMs    ms since it last fetched from the leader; null when unknown
 * @param lastCaughtUpAgeMs ms since it was last caught up; null when unknown
 */
public record QuorumMember(int id, String directoryId, List<String> endpoints, long logEndOffset, Long lag,
                           Long lastFetchAgeMs, Long lastCaughtUpAgeMs) {

    public QuorumMember {
        endpoints = endpoints == null ? List.of() : List.copyOf(endpoints);
    }

    /** {@code id} with the first 8 characters of the directory id, e.g. {@code 2 (dir 3fX0b1aQ)}. */
    public String label() {
        return directoryId == null ? Integer.toString(id) : id + " (dir " + directoryId + ")";
    }
}
