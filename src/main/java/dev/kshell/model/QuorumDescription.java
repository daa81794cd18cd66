package dev.kshell.model;

import java.util.List;
import java.util.Optional;

/**
 * The KRaft quorum as KIP-853 describes it: the leader, each voter's and observer's directory id and the voters'
 * endpoints, with the finalized {@code kraft.version} that says what kind of quorum it is.
 *
 * @param leaderId      the quorum leader, -1 when none
 * @param leaderEpoch   the leader's epoch, -1 when unknown
 * @param highWatermark the metadata log's high watermark, -1 when unknown
 * @param voters        the voter set as the leader holds it
 * @param observers     brokers, and controllers that are not voters
 * @param kraftVersion  finalized {@code kraft.version}: 0 a static quorum ({@code controller.quorum.voters}), 1 a
 *                      dynamic one (KIP-853); null when the cluster does not report it (a release before 3.9)
 */
public record QuorumDescription(int leaderId, long leaderEpoch, long highWatermark, List<QuorumMember> voters,
                                List<QuorumMember> observers, Short kraftVersion) {

    public QuorumDescription {
        voters = List.copyOf(voters);
        observers = List.copyOf(observers);
    }

    /**
     * The kind of quorum: {@code STATIC} ({@code controller.quorum.voters}, {@code kraft.version} 0: the voter set
     * cannot change), {@code DYNAMIC} (KIP-853, {@code kraft.version} 1: voters are added and removed with
     * AddRaftVoter / RemoveRaftVoter) or {@code UNKNOWN} (the cluster did not say: a release before 3.9 reports no
     * {@code kraft.version}).
     */
    public enum Kind { STATIC, DYNAMIC, UNKNOWN }

    public Kind kind() {
        if (kraftVersion == null) {
            return Kind.UNKNOWN;
        }
        return kraftVersion >= 1 ? Kind.DYNAMIC : Kind.STATIC;
    }

    public boolean hasLeader() {
        return leaderId >= 0;
    }

    public Optional<QuorumMember> voter(int id) {
        return voters.stream().filter(v -> v.id() == id).findFirst();
    }

    public List<QuorumMember> observers(int id) {
        return observers.stream().filter(o -> o.id() == id).toList();
    }
}
