package dev.kshell.cluster;

import dev.kshell.model.ClientGroup;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;
import org.apache.kafka.clients.admin.ConsumerGroupDescription;
import org.apache.kafka.clients.admin.DescribeConsumerGroupsOptions;
import org.apache.kafka.clients.admin.DescribeShareGroupsOptions;
import org.apache.kafka.clients.admin.DescribeStreamsGroupsOptions;
import org.apache.kafka.clients.admin.GroupListing;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListConsumerGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListGroupsOptions;
import org.apache.kafka.clients.admin.ListGroupsResult;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListShareGroupOffsetsSpec;
import org.apache.kafka.clients.admin.ListStreamsGroupOffsetsOptions;
import org.apache.kafka.clients.admin.ListStreamsGroupOffsetsSpec;
import org.apache.kafka.clients.admin.MemberDescription;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.ShareGroupDescription;
import org.apache.kafka.clients.admin.SharePartitionOffsetInfo;
import org.apache.kafka.clients.admin.StreamsGroupDescription;
import org.apache.kafka.clients.admin.StreamsGroupMemberAssignment;
import org.apache.kafka.clients.admin.StreamsGroupMemberDescription;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.common.GroupType;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Node;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.UnsupportedVersionException;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;

/**
 * {@link ClientGroups} over the gateway's Admin client. Each call goes out for every group (or partition) at once and
 * is awaited per group, so that one group an ACL hides, or one partition whose leader just died, costs only itself.
 */
final class AdminClientGroups implements ClientGroups {

    private final AdminClientGateway gateway;

    AdminClientGroups(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public GroupListings list() {
        gateway.requireBrokers("list groups");
        ListGroupsResult result = gateway.admin().listGroups(new ListGroupsOptions().timeoutMs(gateway.timeoutMs()));
        List<String> problems = new ArrayList<>();
        Collection<GroupListing> listed = gateway.await("listGroups", result.valid());
        for (Throwable error : gateway.await("listGroups", result.errors())) {
            problems.add("a broker did not list its groups: "
                    + KafkaErrors.translateCause(gateway.target(), "listGroups", error).getMessage());
        }
        boolean inferred = false;
        List<ClientGroup> groups = new ArrayList<>();
        for (GroupListing g : listed) {
            Optional<GroupType> type = g.type().filter(t -> t != GroupType.UNKNOWN);
            inferred |= type.isEmpty();
            groups.add(new ClientGroup(g.groupId(), type.map(t -> t.name().toLowerCase(Locale.ROOT))
                    .orElse(ClientGroup.CLASSIC), g.protocol(), g.groupState().map(Object::toString).orElse(null)));
        }
        groups.sort(Comparator.comparing(ClientGroup::groupId));
        String typesMissing = inferred ? "n/a (" + gateway.capabilities().describe() + ": group types are not "
                + "reported (ListGroups before v5, Kafka 3.8); shown as classic, the only type this release has)" : null;
        return new GroupListings(groups, problems, typesMissing);
    }

    @Override
    public List<GroupDetail> describe(List<ClientGroup> groups) {
        Map<String, GroupDetail> out = new HashMap<>();
        // one call per kind of group: each kind has its own Admin call and description
        describe(only(groups, ClientGroup::consumerLike), "describeConsumerGroups",
                ids -> gateway.admin().describeConsumerGroups(ids,
                        new DescribeConsumerGroupsOptions().timeoutMs(gateway.timeoutMs())).describedGroups(),
                AdminClientGroups::consumerDetail, out);
        describe(only(groups, g -> ClientGroup.SHARE.equals(g.type())), "describeShareGroups",
                ids -> gateway.admin().describeShareGroups(ids,
                        new DescribeShareGroupsOptions().timeoutMs(gateway.timeoutMs())).describedGroups(),
                AdminClientGroups::shareDetail, out);
        describe(only(groups, g -> ClientGroup.STREAMS.equals(g.type())), "describeStreamsGroups",
                ids -> gateway.admin().describeStreamsGroups(ids,
                        new DescribeStreamsGroupsOptions().timeoutMs(gateway.timeoutMs())).describedGroups(),
                AdminClientGroups::streamsDetail, out);
        return groups.stream().map(g -> out.getOrDefault(g.groupId(),
                GroupDetail.unknown(g, "type " + g.type() + " cannot be described by kshell"))).toList();
    }

    private static List<ClientGroup> only(List<ClientGroup> groups, java.util.function.Predicate<ClientGroup> which) {
        return groups.stream().filter(which).toList();
    }

    /** One describe call for the groups of one kind; each group's answer, or why there is none, in {@code out}. */
    private <D> void describe(List<ClientGroup> groups, String operation,
                              Function<List<String>, Map<String, KafkaFuture<D>>> call,
                              BiFunction<ClientGroup, D, GroupDetail> detail, Map<String, GroupDetail> out) {
        if (groups.isEmpty()) {
            return;
        }
        Map<String, KafkaFuture<D>> futures = call.apply(ids(groups));
        for (ClientGroup g : groups) {
            out.put(g.groupId(), each(g, operation, futures.get(g.groupId()), d -> detail.apply(g, d)));
        }
    }

    private static GroupDetail consumerDetail(ClientGroup g, ConsumerGroupDescription d) {
        return new GroupDetail(g.groupId(), g.type(), String.valueOf(d.groupState()), nodeId(d.coordinator()),
                d.groupEpoch().orElse(null), d.targetAssignmentEpoch().orElse(null),
                blankToNull(d.partitionAssignor()), d.members().stream().map(AdminClientGroups::member).toList(), null);
    }

    private static GroupDetail.Member member(MemberDescription m) {
        return new GroupDetail.Member(m.consumerId(), m.groupInstanceId().orElse(null), m.clientId(), m.host(),
                names(m.assignment().topicPartitions()),
                m.targetAssignment().map(t -> names(t.topicPartitions())).orElse(null), m.memberEpoch().orElse(null));
    }

    private static GroupDetail shareDetail(ClientGroup g, ShareGroupDescription d) {
        return new GroupDetail(g.groupId(), g.type(), String.valueOf(d.groupState()), nodeId(d.coordinator()),
                d.groupEpoch(), d.targetAssignmentEpoch(), null, d.members().stream().map(m -> new GroupDetail.Member(
                        m.consumerId(), null, m.clientId(), m.host(), names(m.assignment().topicPartitions()),
                        null, m.memberEpoch())).toList(), null);
    }

    private static GroupDetail streamsDetail(ClientGroup g, StreamsGroupDescription d) {
        return new GroupDetail(g.groupId(), g.type(), String.valueOf(d.groupState()), nodeId(d.coordinator()),
                d.groupEpoch(), d.targetAssignmentEpoch(), d.assignorName().orElse(null),
                d.members().stream().map(AdminClientGroups::streamsMember).toList(), null);
    }

    private static GroupDetail.Member streamsMember(StreamsGroupMemberDescription m) {
        return new GroupDetail.Member(m.memberId(), m.instanceId().orElse(null), m.clientId(), m.clientHost(),
                tasks(m.assignment()), tasks(m.targetAssignment()), m.memberEpoch());
    }

    /** A streams member's active tasks as "task 0_1" (subtopology _ partition). */
    private static List<String> tasks(StreamsGroupMemberAssignment a) {
        List<String> out = new ArrayList<>();
        if (a != null) {
            a.activeTasks().forEach(t -> t.partitions().forEach(p -> out.add("task " + t.subtopologyId() + "_" + p)));
        }
        return out;
    }

    /** One group's answer; a refusal for this group (ACL, unsupported) is its sentence, not the command's failure. */
    private <D> GroupDetail each(ClientGroup g, String operation, KafkaFuture<D> future, Function<D, GroupDetail> to) {
        if (future == null) {
            return GroupDetail.unknown(g, "no answer for this group");
        }
        try {
            return to.apply(gateway.await(operation, future));
        } catch (ClusterException e) {
            rethrowIfNothingAnswers(e);
            return GroupDetail.unknown(g, unsupported(e) ? gateway.capabilities().describe() + " has no " + operation
                    + " (" + g.type() + " groups need a newer release)" : e.getMessage());
        }
    }

    @Override
    public GroupOffsets committed(List<ClientGroup> groups) {
        Map<String, Map<PartitionSpec, Long>> committed = new HashMap<>();
        Map<String, String> unknown = new HashMap<>();
        List<ClientGroup> consumerLike = only(groups, ClientGroup::consumerLike);
        List<ClientGroup> streams = only(groups, g -> ClientGroup.STREAMS.equals(g.type()));
        List<ClientGroup> share = only(groups, g -> ClientGroup.SHARE.equals(g.type()));
        // one call per kind of group: each kind has its own Admin call, spec and answer
        if (!consumerLike.isEmpty()) {
            var result = gateway.admin().listConsumerGroupOffsets(
                    specs(consumerLike, ListConsumerGroupOffsetsSpec::new),
                    new ListConsumerGroupOffsetsOptions().timeoutMs(gateway.timeoutMs()));
            consumerLike.forEach(g -> offsets(g, "listConsumerGroupOffsets",
                    result.partitionsToOffsetAndMetadata(g.groupId()), OffsetAndMetadata::offset, committed, unknown));
        }
        if (!streams.isEmpty()) {
            var result = gateway.admin().listStreamsGroupOffsets(specs(streams, ListStreamsGroupOffsetsSpec::new),
                    new ListStreamsGroupOffsetsOptions().timeoutMs(gateway.timeoutMs()));
            streams.forEach(g -> offsets(g, "listStreamsGroupOffsets",
                    result.partitionsToOffsetAndMetadata(g.groupId()), OffsetAndMetadata::offset, committed, unknown));
        }
        if (!share.isEmpty()) {
            var result = gateway.admin().listShareGroupOffsets(specs(share, ListShareGroupOffsetsSpec::new),
                    new ListShareGroupOffsetsOptions().timeoutMs(gateway.timeoutMs()));
            share.forEach(g -> offsets(g, "listShareGroupOffsets", result.partitionsToOffsetInfo(g.groupId()),
                    SharePartitionOffsetInfo::startOffset, committed, unknown));
        }
        return new GroupOffsets(committed, unknown);
    }

    /** Every group with a default spec: all its partitions. */
    private static <S> Map<String, S> specs(List<ClientGroup> groups, Supplier<S> spec) {
        Map<String, S> out = new LinkedHashMap<>();
        groups.forEach(g -> out.put(g.groupId(), spec.get()));
        return out;
    }

    /** One group's committed offsets, read with {@code offset}; a refusal for this group is its sentence. */
    private <O> void offsets(ClientGroup g, String operation, KafkaFuture<Map<TopicPartition, O>> future,
                             ToLongFunction<O> offset, Map<String, Map<PartitionSpec, Long>> committed,
                             Map<String, String> unknown) {
        try {
            Map<PartitionSpec, Long> out = new HashMap<>();
            // a partition listed without an offset (null) has none committed: it is not the group's
            gateway.await(operation, future).forEach((tp, o) -> {
                if (o != null) {
                    out.put(spec(tp), offset.applyAsLong(o));
                }
            });
            committed.put(g.groupId(), out);
        } catch (ClusterException e) {
            rethrowIfNothingAnswers(e);
            unknown.put(g.groupId(), e.getMessage());
        }
    }


    @Override
    public LogOffsets logOffsets(Collection<PartitionSpec> partitions, boolean detail) {
        long now = gateway.clock().millis();
        if (partitions.isEmpty()) {
            return new LogOffsets(now, Map.of(), Map.of());
        }
        // all in flight at once: one deadline for the lot
        Offsets starts = list(partitions, OffsetSpec.earliest(), IsolationLevel.READ_UNCOMMITTED);
        Offsets ends = list(partitions, OffsetSpec.latest(), IsolationLevel.READ_UNCOMMITTED);
        Offsets stables = detail ? list(partitions, OffsetSpec.latest(), IsolationLevel.READ_COMMITTED) : null;
        Offsets newest = detail ? list(partitions, OffsetSpec.maxTimestamp(), IsolationLevel.READ_UNCOMMITTED) : null;
        Map<PartitionSpec, LogOffsets.Range> ranges = new HashMap<>();
        Map<PartitionSpec, String> unknown = new HashMap<>();
        for (PartitionSpec p : partitions) {
            try {
                long start = gateway.await("listOffsets", starts.get(p)).offset();
                long end = gateway.await("listOffsets", ends.get(p)).offset();
                Long lso = stables == null ? null : gateway.await("listOffsets", stables.get(p)).offset();
                ranges.put(p, new LogOffsets.Range(start, end, lso, newestMs(newest, p)));
            } catch (ClusterException e) {
                rethrowIfNothingAnswers(e);
                unknown.put(p, e.getMessage());
            }
        }
        return new LogOffsets(now, ranges, unknown);
    }

    /** Each partition's future of one listOffsets spec, the partitions sent in batches. */
    private static final class Offsets
            extends HashMap<PartitionSpec, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> {
    }

    private Offsets list(Collection<PartitionSpec> partitions, OffsetSpec spec, IsolationLevel level) {
        Offsets out = new Offsets();
        out.putAll(ListOffsetsBatches.send(gateway, partitions, spec, level));
        return out;
    }

    /** The newest record's time, or null: an empty log answers -1, a release before 3.0 refuses the request. */
    private Long newestMs(Offsets newest, PartitionSpec p) {
        if (newest == null) {
            return null;
        }
        try {
            long ts = gateway.await("listOffsets", newest.get(p)).timestamp();
            return ts < 0 ? null : ts;
        } catch (ClusterException e) {
            return null;
        }
    }

    @Override
    public Map<PartitionSpec, OpenTransactions> openTransactions(Collection<PartitionSpec> partitions) {
        return new AdminTransactions(gateway).open(partitions, gateway.clock().millis());
    }

    @Override
    public TransactionsRead transactions() {
        return new AdminTransactions(gateway).read();
    }

    @Override
    public Map<PartitionSpec, Long> offsetsAt(Collection<PartitionSpec> partitions, long timestampMs) {
        Map<PartitionSpec, Long> out = new HashMap<>();
        if (partitions.isEmpty()) {
            return out;
        }
        Offsets at = list(partitions, OffsetSpec.forTimestamp(timestampMs), IsolationLevel.READ_UNCOMMITTED);
        for (PartitionSpec p : partitions) {
            long offset = gateway.await("listOffsets", at.get(p)).offset();
            if (offset >= 0) {
                out.put(p, offset);
            }
        }
        return out;
    }

    @Override
    public Map<PartitionSpec, Optional<String>> alterOffsets(String groupId, Map<PartitionSpec, Long> offsets) {
        dev.kshell.audit.Approval.require("alterConsumerGroupOffsets");
        Map<TopicPartition, OffsetAndMetadata> request = new LinkedHashMap<>();
        offsets.forEach((p, o) -> request.put(tp(p), new OffsetAndMetadata(o)));
        var result = gateway.admin().alterConsumerGroupOffsets(groupId, request,
                new org.apache.kafka.clients.admin.AlterConsumerGroupOffsetsOptions().timeoutMs(gateway.timeoutMs()));
        Map<PartitionSpec, Optional<String>> out = new LinkedHashMap<>();
        for (PartitionSpec p : offsets.keySet()) {
            try {
                gateway.await("alterConsumerGroupOffsets", result.partitionResult(tp(p)));
                out.put(p, Optional.empty());
            } catch (ClusterException e) {
                rethrowIfNothingAnswers(e);
                out.put(p, Optional.of(e.getMessage()));
            }
        }
        return out;
    }

    @Override
    public Optional<String> abortTransaction(PartitionSpec partition, long producerId, int producerEpoch,
                                             int coordinatorEpoch) {
        dev.kshell.audit.Approval.require("abortTransaction");
        try {
            gateway.await("abortTransaction", gateway.admin().abortTransaction(
                    new org.apache.kafka.clients.admin.AbortTransactionSpec(tp(partition), producerId,
                            (short) producerEpoch, coordinatorEpoch),
                    new org.apache.kafka.clients.admin.AbortTransactionOptions().timeoutMs(gateway.timeoutMs())).all());
            return Optional.empty();
        } catch (ClusterException e) {
            rethrowIfNothingAnswers(e);
            return Optional.of(e.getMessage());
        }
    }

    /** Authentication refused or nobody answering: nothing else will be read either, so the command says so. */
    static void rethrowIfNothingAnswers(ClusterException e) {
        if (e.kind() == ClusterException.Kind.DENIED || e.kind() == ClusterException.Kind.UNREACHABLE
                && e.getCause() == null) {
            throw e;
        }
    }

    /** Whether the cluster refused the call as an API it does not have. */
    static boolean unsupported(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnsupportedVersionException) {
                return true;
            }
        }
        return false;
    }

    private static List<String> ids(List<ClientGroup> groups) {
        return groups.stream().map(ClientGroup::groupId).toList();
    }

    private static List<String> names(Collection<TopicPartition> partitions) {
        return partitions.stream().map(AdminClientGroups::spec)
                .sorted(Comparator.comparing(PartitionSpec::topic).thenComparingInt(PartitionSpec::partition))
                .map(PartitionSpec::name).toList();
    }

    private static Integer nodeId(Node n) {
        return n == null || n.isEmpty() ? null : n.id();
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s;
    }

    static TopicPartition tp(PartitionSpec p) {
        return new TopicPartition(p.topic(), p.partition());
    }

    static PartitionSpec spec(TopicPartition tp) {
        return new PartitionSpec(tp.topic(), tp.partition());
    }
}
