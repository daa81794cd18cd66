package dev.kshell.testsupport;

import dev.kshell.cluster.NodeProbe;
import dev.kshell.cluster.Radar;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;
import org.apache.kafka.server.common.MetadataVersion;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The radar's reads for {@link FakeGateway}: by default no listener speaks TLS, no node answers ApiVersions, no
 * record times, no controller clock; a test fills in what it needs (by endpoint, by partition).
 */
public class FakeRadar implements Radar {

    /** What each endpoint presents; an endpoint not here is a plain listener. */
    public final Map<String, PresentedChain> chains = new HashMap<>();
    /** What each endpoint answers to ApiVersions; an endpoint not here does not answer. */
    public final Map<String, NodeVersions> versions = new HashMap<>();
    /** The newest record of each partition; a partition not here is empty. */
    public final Map<PartitionSpec, RadarReads.RecordTime> newest = new HashMap<>();
    /** When set, maxTimestamps answers that the release has no such listOffsets. */
    public String maxTimestampsUnsupported;
    public RadarReads.ControllerClock clock = RadarReads.ControllerClock.unavailable("the fake has no clock");
    /** This host's time the reads are made at (epoch ms). */
    public long nowMs = FakeGateway.snapshot(null, List.of(), List.of()).takenAt().toEpochMilli();
    /** The partitions the last maxTimestamps call asked for. */
    public final List<PartitionSpec> asked = new ArrayList<>();

    @Override
    public List<PresentedChain> certificates(List<TlsTarget> targets) {
        return targets.stream().map(t -> {
            PresentedChain c = chains.get(t.endpoint());
            return c == null ? new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), t.endpoint()
                    .replaceAll(":\\d+$", ""), false, List.of(), null)
                    : new PresentedChain(t.nodeId(), t.role(), t.listener(), t.endpoint(), c.address(), c.tls(),
                    c.chain(), c.error());
        }).toList();
    }

    @Override
    public List<NodeVersions> versions(List<NodeProbe.Target> targets, Map<String, Boolean> tlsByEndpoint) {
        return targets.stream().map(t -> {
            NodeVersions v = versions.get(t.endpoint());
            return v == null ? NodeVersions.failed(t.nodeId(), t.role(), t.endpoint(), "no answer within 1.5 s")
                    : new NodeVersions(t.nodeId(), t.role(), t.endpoint(), v.supported(), v.finalized(),
                    v.apiVersions(), v.error());
        }).toList();
    }

    @Override
    public RadarReads.MaxTimestamps maxTimestamps(Collection<PartitionSpec> partitions) {
        asked.clear();
        asked.addAll(partitions);
        if (maxTimestampsUnsupported != null) {
            return RadarReads.MaxTimestamps.unsupported(nowMs, maxTimestampsUnsupported);
        }
        Map<PartitionSpec, RadarReads.RecordTime> out = new HashMap<>();
        partitions.forEach(p -> {
            if (newest.containsKey(p)) {
                out.put(p, newest.get(p));
            }
        });
        return new RadarReads.MaxTimestamps(nowMs, out, Map.of(), null);
    }

    @Override
    public RadarReads.ControllerClock controllerClock() {
        return clock;
    }

    @Override
    public List<RadarReads.MetadataLevel> metadataLevels() {
        return levels();
    }

    /** Kafka's own metadata.version levels (the real gateway's answer). */
    public static List<RadarReads.MetadataLevel> levels() {
        List<RadarReads.MetadataLevel> out = new ArrayList<>();
        for (MetadataVersion v : MetadataVersion.VERSIONS) {
            out.add(new RadarReads.MetadataLevel(v.featureLevel(), v.version(), v.didMetadataChange()));
        }
        return out;
    }
}
