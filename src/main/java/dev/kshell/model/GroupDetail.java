package dev.kshell.model;

import java.util.List;

/**
 * One group as the describe call that knows its type reports it (describeConsumerGroups for classic and consumer
 * groups, describeShareGroups, describeStreamsGroups).
 *
 * @param groupId     the group id
 * @param type        as {@link ClientGroup#type()}
 * @param state       the state, or null when unknown
 * @param coordinator the broker coordinating it, or null when unknown
 * @param groupEpoch  the group epoch (KIP-848 and later types), or null (classic groups: Kafka's Admin API reports
 *                    neither the generation nor the leader)
 * @param targetEpoch the target assignment epoch (KIP-848 and later), or null
 * @param assignor    the partition assignor (classic: the protocol chosen), or null
 * @param members     the members
 * @param unknown     why the group could not be described ("not authorized to describe group g"), or null
 */
public record GroupDetail(String groupId, String type, String state, Integer coordinator, Integer groupEpoch,
                          Integer targetEpoch, String assignor, List<Member> members, String unknown) {

    public GroupDetail {
        members = members == null ? List.of() : List.copyOf(members);
    }

    /** A group that could not be described, and why. */
    public static GroupDetail unknown(ClientGroup g, String why) {
        return new GroupDetail(g.groupId(), g.type(), g.state(), null, null, null, null, List.of(), why);
    }

    /**
     * A member.
     *
     * @param memberId    Kafka's member id
     * @param instanceId  the static member's group.instance.id, or null
     * @param clientId    the client id its consumer chose
     * @param host        the host it connects from as the broker saw it
     * @param assigned    what it owns now: {@code topic-N} partitions, or a streams member's tasks
     * @param target      what the coordinator wants it to own (KIP-848 and later), or null when not reported
     * @param memberEpoch its epoch (KIP-848 and later): behind the group's target epoch while it reconciles, or null
     */
    public record Member(String memberId, String instanceId, String clientId, String host, List<String> assigned,
                         List<String> target, Integer memberEpoch) {

        public Member {
            assigned = List.copyOf(assigned);
            target = target == null ? null : List.copyOf(target);
        }
    }
}
