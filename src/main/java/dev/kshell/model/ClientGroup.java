package dev.kshell.model;

/**
 * A group as listGroups reports it, of any type.
 *
 * @param groupId  the group id (any characters, escape sequences included: render it through render.Safe)
 * @param type     "classic", "consumer" (KIP-848), "share" (KIP-932), "streams" (KIP-1071), or "classic" inferred
 *                 on a release that reports no type (ListGroups before v5)
 * @param protocol the protocol type the group's members declare ("consumer", "connect", "" for a group that only
 *                 commits offsets), or null when not reported
 * @param state    the state as Kafka names it ("Stable", "Empty", "Reconciling", ...), or null when not reported
 */
public record ClientGroup(String groupId, String type, String protocol, String state) {

    public static final String CLASSIC = "classic";
    public static final String CONSUMER = "consumer";
    public static final String SHARE = "share";
    public static final String STREAMS = "streams";

    /** Classic and consumer groups commit offsets and are described by describeConsumerGroups. */
    public boolean consumerLike() {
        return CLASSIC.equals(type) || CONSUMER.equals(type);
    }
}
