package dev.kshell.cluster;

import dev.kshell.model.NodeVersions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.clients.admin.ListOffsetsResult;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.IsolationLevel;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.server.common.MetadataVersion;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** {@link Radar} over the Admin client and the nodes' own endpoints. */
final class AdminRadar implements Radar {

    private final AdminClientGateway gateway;

    AdminRadar(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public List<PresentedChain> certificates(List<TlsTarget> targets) {
        return new ChainReader(NodeProbe.DEFAULT_DEADLINE).read(targets);
    }

    @Override
    public List<NodeVersions> versions(List<NodeProbe.Target> targets, Map<String, Boolean> tlsByEndpoint) {
        return new VersionProbe(gateway.target().clientProperties(), NodeProbe.DEFAULT_DEADLINE)
                .probe(targets, tlsByEndpoint);
    }

    @Override
    public RadarReads.MaxTimestamps maxTimestamps(Collection<PartitionSpec> partitions) {
        if (partitions.isEmpty()) {
            return new RadarReads.MaxTimestamps(gateway.clock().millis(), Map.of(), Map.of(), null);
        }
        Map<PartitionSpec, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> futures = ListOffsetsBatches.send(
                gateway, partitions, OffsetSpec.maxTimestamp(), IsolationLevel.READ_UNCOMMITTED);
        Map<PartitionSpec, RadarReads.RecordTime> newest = new HashMap<>();
        Map<PartitionSpec, String> failed = new HashMap<>();
        long until = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(gateway.timeoutMs() + 1000L);
        for (Map.Entry<PartitionSpec, KafkaFuture<ListOffsetsResult.ListOffsetsResultInfo>> e : futures.entrySet()) {
            try {
                ListOffsetsResult.ListOffsetsResultInfo info = e.getValue()
                        .get(Math.max(1, until - System.nanoTime()), TimeUnit.NANOSECONDS);
                if (info.offset() >= 0 && info.timestamp() >= 0) {
                    newest.put(e.getKey(), new RadarReads.RecordTime(info.offset(), info.timestamp()));
                }
            } catch (ExecutionException ex) {
                if (ex.getCause() instanceof UnsupportedVersionException) {
                    futures.values().forEach(f -> f.cancel(true));
                    return RadarReads.MaxTimestamps.unsupported(gateway.clock().millis(),
                            gateway.capabilities().describe() + " has no max-timestamp listOffsets (KIP-734, Kafka 3.0)"
                                    + ": the newest record times cannot be read");
                }
                failed.put(e.getKey(), ex.getCause() == null ? ex.getMessage() : ex.getCause().getMessage());
            } catch (TimeoutException ex) {
                e.getValue().cancel(true);
                failed.put(e.getKey(), "no answer within " + KafkaErrors.seconds(gateway.target()));
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                futures.values().forEach(f -> f.cancel(true));
                throw new java.util.concurrent.CancellationException("interrupted");
            }
        }
        return new RadarReads.MaxTimestamps(gateway.clock().millis(), newest, failed, null);
    }

    @Override
    public RadarReads.ControllerClock controllerClock() {
        if (gateway.capabilities().zooKeeperMode()) {
            return RadarReads.ControllerClock.unavailable("ZooKeeper mode: no KRaft quorum reports a clock");
        }
        long sent = gateway.clock().millis();
        QuorumInfo info;
        try {
            info = KafkaErrors.quorum(gateway.target(), () -> AdminClientGateway.answer(gateway.target(),
                    gateway.admin().describeMetadataQuorum(new DescribeMetadataQuorumOptions()
                            .timeoutMs(gateway.timeoutMs())).quorumInfo()));
        } catch (ClusterException e) {
            return RadarReads.ControllerClock.unavailable("the quorum did not answer: " + e.getMessage());
        }
        long received = gateway.clock().millis();
        for (QuorumInfo.ReplicaState v : info.voters()) {
            if (v.replicaId() == info.leaderId() && v.lastFetchTimestamp().isPresent()) {
                return new RadarReads.ControllerClock(info.leaderId(), v.lastFetchTimestamp().getAsLong(), sent,
                        received, null);
            }
        }
        return RadarReads.ControllerClock.unavailable("the quorum's answer carries no time of the leader's own "
                + "(DescribeQuorum before v1, Kafka 3.3)");
    }

    @Override
    public List<RadarReads.MetadataLevel> metadataLevels() {
        List<RadarReads.MetadataLevel> out = new ArrayList<>();
        for (MetadataVersion v : MetadataVersion.VERSIONS) {
            out.add(new RadarReads.MetadataLevel(v.featureLevel(), v.version(), v.didMetadataChange()));
        }
        return out;
    }
}
