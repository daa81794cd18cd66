package dev.kshell.cluster;

import dev.kshell.model.ClientGroup;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.OpenTransactions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.TransactionsRead;

import java.util.Collection;
import java.util.List;
import java.util.Map;

/**
 * The clients' side of a cluster (docs/architecture.md, "Where the new features land"): groups of every type, their
 * members and committed offsets, the logs' start and end, and transactions. Reached through
 * {@link ClusterGateway#groups()}; every call carries the gateway's deadline. Reads never throw for one group or one
 * partition: what a release lacks, or an ACL denies, is a sentence in the value ("unknown" for that part). A
 * {@link ClusterException} means nothing at all could be read.
 */
public interface ClientGroups {

    /**
     * Every group of every type (listGroups without a type filter, which every release answers; the type comes from
     * ListGroups v5, Kafka 3.8+, and is inferred as classic before).
     */
    GroupListings list();

    /**
     * Each group through the describe call that knows its type: describeConsumerGroups (classic and consumer: the
     * classic DescribeGroups alone calls a consumer group Dead), describeShareGroups, describeStreamsGroups. A
     * group the call refuses (not authorized, unsupported) is {@link GroupDetail#unknown}.
     *
     * @return one detail per group, in the order given
     */
    List<GroupDetail> describe(List<ClientGroup> groups);

    /**
     * Committed offsets: listConsumerGroupOffsets (classic, consumer), listStreamsGroupOffsets, and the share
     * groups' start offsets (listShareGroupOffsets), all groups of a kind in one call.
     */
    GroupOffsets committed(List<ClientGroup> groups);

    /**
     * Log start and end (listOffsets earliest and latest, read_uncommitted), and with {@code detail} the last stable
     * offset (latest, read_committed) and the newest record's time (max timestamp, where the release has it). Pass
     * only partitions with a live leader: listOffsets on a leaderless partition retries for the whole deadline
     * (docs/kafka-behaviour.md).
     */
    LogOffsets logOffsets(Collection<PartitionSpec> partitions, boolean detail);

    /**
     * The open transactions of each partition (describeProducers on its leader, named by listTransactions and
     * describeTransactions), as {@link ClusterGateway#openTransactions} for one.
     */
    Map<PartitionSpec, OpenTransactions> openTransactions(Collection<PartitionSpec> partitions);

    /** Every transactional id the coordinators know, and the open ones described. */
    TransactionsRead transactions();

    /**
     * The offset of the first record at or after {@code timestampMs} in each partition (listOffsets by timestamp),
     * or no entry when none is that new (the caller takes the log end, as Kafka's tool does).
     */
    Map<PartitionSpec, Long> offsetsAt(Collection<PartitionSpec> partitions, long timestampMs);

    /**
     * Commits {@code offsets} for a classic or consumer group without members (alterConsumerGroupOffsets). Mutating:
     * only behind the gate ({@code audit.Approval}).
     *
     * @return per partition: empty = committed, else one sentence why not
     */
    Map<PartitionSpec, java.util.Optional<String>> alterOffsets(String groupId, Map<PartitionSpec, Long> offsets);

    /**
     * Aborts one open transaction on one partition (abortTransaction, KIP-664: writes the abort marker the lost or
     * stuck coordinator never wrote). Mutating: only behind the gate.
     *
     * @return empty = aborted, else one sentence why not
     */
    java.util.Optional<String> abortTransaction(PartitionSpec partition, long producerId, int producerEpoch,
                                                int coordinatorEpoch);
}
