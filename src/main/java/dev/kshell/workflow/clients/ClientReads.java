package dev.kshell.workflow.clients;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.memory.ClientHistory;
import dev.kshell.model.ClientGroup;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.GroupDetail;
import dev.kshell.model.GroupListings;
import dev.kshell.model.GroupOffsets;
import dev.kshell.model.LogOffsets;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PartitionState;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.rules.CoordinatorHealth;
import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.clients.GroupsJudge;
import dev.kshell.util.DaemonThreads;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;

/**
 * The reads behind {@code groups}, {@code group}, {@code transactions} and triage's clients side read, in as few
 * round trips as the answers allow: the group listing and the partitions' leaders at once, then the groups'
 * descriptions and committed offsets at once, then the log offsets of the committed partitions that have a leader
 * (listOffsets on a leaderless one would wait for its whole deadline). Every call has the gateway's deadline.
 */
final class ClientReads implements AutoCloseable {

    static final String LEADERLESS = "leaderless: its log offsets are not read (listOffsets would wait for the "
            + "whole deadline)";

    private final ExecutorService executor = Executors.newCachedThreadPool(DaemonThreads.named("kshell-clients"));

    /** The listing and the partitions: what every judgement starts from. */
    record Base(GroupListings listings, ClusterSnapshot partitions, ClusterSnapshot offsetsTopic) {
    }

    Base base(ClusterGateway gateway) {
        Future<GroupListings> listings = executor.submit(() -> gateway.groups().list());
        Future<ClusterSnapshot> offsetsTopic = executor.submit(() -> offsetsTopic(gateway));
        ClusterSnapshot partitions = gateway.read(new SnapshotRequest(true, false, null, true, false));
        return new Base(get(listings), partitions, get(offsetsTopic));
    }

    /** {@code __consumer_offsets} with its min.insync.replicas (coordinator health), or null when unreadable. */
    private static ClusterSnapshot offsetsTopic(ClusterGateway gateway) {
        try {
            return gateway.read(new SnapshotRequest(true, false, List.of(CoordinatorHealth.GROUP_TOPIC), true, true));
        } catch (ClusterException e) {
            return null; // no group has committed yet (the topic does not exist), or not authorized to read it
        }
    }

    /** Describes and reads the committed offsets of {@code groups} at once, then their partitions' logs. */
    GroupsJudge.Read read(ClusterGateway gateway, Base base, List<ClientGroup> groups, boolean detail,
                          Set<PartitionSpec> alsoPartitions) {
        Future<List<GroupDetail>> details = executor.submit(() -> gateway.groups().describe(groups));
        GroupOffsets offsets = gateway.groups().committed(groups);
        List<GroupDetail> described = get(details);
        Set<PartitionSpec> wanted = new LinkedHashSet<>(alsoPartitions);
        offsets.committed().values().forEach(m -> wanted.addAll(m.keySet()));
        LogOffsets logs = logs(gateway, base.partitions(), wanted, detail);
        return new GroupsJudge.Read(new GroupListings(groups, base.listings().problems(),
                base.listings().typesMissing()), described, offsets, logs, base.offsetsTopic(), logs.readAtMs());
    }

    /** The log offsets of {@code wanted}: only those with a live leader are asked; the others say why not. */
    static LogOffsets logs(ClusterGateway gateway, ClusterSnapshot partitions, Collection<PartitionSpec> wanted,
                           boolean detail) {
        Set<Integer> live = partitions.liveBrokerIds();
        List<PartitionSpec> led = new ArrayList<>();
        Map<PartitionSpec, String> unknown = new HashMap<>();
        for (PartitionSpec p : wanted) {
            PartitionState state = partitions.partition(p).orElse(null);
            if (state == null) {
                unknown.put(p, "not in the cluster's metadata (topic deleted?)");
            } else if (PartitionHealth.isLeaderless(state, live)) {
                unknown.put(p, LEADERLESS);
            } else {
                led.add(p);
            }
        }
        LogOffsets read = gateway.groups().logOffsets(led, detail);
        unknown.putAll(read.unknown());
        return new LogOffsets(read.readAtMs(), read.ranges(), unknown);
    }

    /** Records this read's log ends and groups, and hands the judge this session's history. */
    static GroupsJudge.History remember(ClientHistory history, String clusterId, LogOffsets logs) {
        Map<PartitionSpec, Long> ends = new HashMap<>();
        logs.ranges().forEach((p, r) -> ends.put(p, r.end()));
        history.recordEnds(clusterId, logs.readAtMs(), ends);
        return new GroupsJudge.History() {
            @Override
            public List<dev.kshell.model.Sample> ends(PartitionSpec partition) {
                return history.ends(clusterId, partition);
            }

            @Override
            public List<Long> lags(String groupId) {
                return history.lags(clusterId, groupId);
            }
        };
    }

    <T> Future<T> submit(Supplier<T> read) {
        return executor.submit(read::get);
    }

    /** A read's answer; its failure is rethrown as it was, an interrupt (Ctrl-C) cancels the command. */
    static <T> T get(Future<T> future) {
        try {
            return future.get(10, TimeUnit.MINUTES);
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        } catch (ExecutionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (java.util.concurrent.TimeoutException e) {
            future.cancel(true);
            throw new ClusterException(ClusterException.Kind.UNREACHABLE, "no answer within 10 minutes");
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
    }
}
