package dev.kshell.workflow.radar;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.NodeProbe;
import dev.kshell.cluster.Radar;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ClusterCapabilities;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.EntityConfigs;
import dev.kshell.model.FeatureLevels;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.rules.radar.FeatureTraps;
import dev.kshell.rules.radar.RadarChecks;
import dev.kshell.rules.radar.VersionRules;
import dev.kshell.rules.radar.TimeRules;
import dev.kshell.rules.radar.TimestampSample;
import dev.kshell.util.DaemonThreads;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The radar read (docs/radar.md): certificates, the nodes' software, the finalized features, the newest record
 * times and the active controller's clock, read at the same time, each part within the budget; a part that fails or
 * misses it is a note, never a failure of the whole. {@code radar} and triage's side read share it.
 */
public final class RadarService {

    /**
     * How much one read may take.
     *
     * @param maxPartitions the newest record times of at most this many partitions (the coordinators' topics first,
     *                      then every topic's partitions in turn)
     * @param budget        how long the parts may take together; one that takes longer is a note
     */
    public record Scope(int maxPartitions, Duration budget) {

        /** {@code radar}: a larger sample, the command's own deadline. */
        public static Scope full(Duration deadline, int maxPartitions) {
            return new Scope(maxPartitions, deadline.plus(NodeProbe.DEFAULT_DEADLINE));
        }
    }

    /** Topics whose time settings are read at most, when their records lie ahead. */
    private static final int TOPIC_CONFIGS = 20;

    /** {@code radar}: the session's connected cluster, with its profile's thresholds and the command's deadline. */
    public RadarChecks.Judgement read(ShellSession session, int maxPartitions) {
        ClusterGateway gateway = session.requireGateway();
        return read(gateway, session.radarThresholds(), Scope.full(gateway.target().timeout(), maxPartitions));
    }

    /** The radar of the cluster behind {@code gateway}, over a snapshot read for it. */
    public RadarChecks.Judgement read(ClusterGateway gateway, RadarThresholds thresholds, Scope scope) {
        ClusterSnapshot now = gateway.read(new SnapshotRequest(true, true, null, true, false));
        return read(gateway, now, thresholds, scope);
    }

    /** The radar over a snapshot the caller holds (triage's). */
    public RadarChecks.Judgement read(ClusterGateway gateway, ClusterSnapshot now, RadarThresholds thresholds,
                                      Scope scope) {
        ClusterCapabilities caps = gateway.capabilities();
        boolean zooKeeper = caps.zooKeeperMode() || now.quorum() != null && now.quorum().zooKeeperMode();
        Radar radar = gateway.radar();
        ExecutorService pool = Executors.newFixedThreadPool(4, DaemonThreads.named("kshell-radar"));
        long until = System.nanoTime() + scope.budget().toNanos();
        try {
            Future<Nodes> nodes = pool.submit(() -> nodes(gateway, radar, now, zooKeeper));
            Future<FeatureLevels> features = pool.submit(() -> gateway.quorumChanges().features());
            Future<Times> times = pool.submit(() -> times(gateway, radar, now, scope.maxPartitions(), thresholds));
            Future<RadarReads.ControllerClock> clock = pool.submit(() -> zooKeeper
                    ? RadarReads.ControllerClock.unavailable("ZooKeeper mode: no KRaft quorum reports a clock")
                    : radar.controllerClock());
            List<Future<?>> all = List.of(nodes, features, times, clock);
            List<String> notes = new ArrayList<>();
            Nodes n = await(nodes, until, all, notes, "certificates and versions");
            FeatureLevels f = await(features, until, all, notes, "finalized features");
            Times t = await(times, until, all, notes, "newest record times");
            RadarReads.ControllerClock c = await(clock, until, all, notes, "the controller's clock");
            if (n != null) {
                notes.addAll(n.notes);
            }
            if (f != null && f.unavailable() != null) {
                notes.add(f.unavailable());
            }
            Map<String, Short> finalized = f == null || f.unavailable() != null ? finalizedFrom(n) : f.finalized();
            return RadarChecks.judge(new RadarChecks.Read(now.clusterId(), caps.describe(), Instant.now(), thresholds,
                    n == null ? List.of() : n.chains, n == null ? List.of() : n.versions,
                    n == null ? Map.of() : n.zkReleases, finalized, radar.metadataLevels(),
                    t == null ? null : t.read, t == null ? Map.of() : t.leaders, t == null ? Map.of() : t.configs,
                    c, notes));
        } finally {
            pool.shutdownNow();
        }
    }

    /** What the nodes themselves said. */
    private record Nodes(List<PresentedChain> chains, List<NodeVersions> versions, Map<Integer, String> zkReleases,
                         List<String> notes) {
    }

    private static Nodes nodes(ClusterGateway gateway, Radar radar, ClusterSnapshot now, boolean zooKeeper) {
        RadarTargets.Found found = RadarTargets.find(gateway, now, zooKeeper);
        List<PresentedChain> chains = radar.certificates(found.listeners());
        Map<String, Boolean> tls = new HashMap<>();
        chains.forEach(c -> tls.put(c.endpoint(), c.tls()));
        List<NodeVersions> versions = radar.versions(found.nodes(), tls);
        return new Nodes(chains, versions, found.zkReleases(), found.notes());
    }

    /**
     * The software each node runs and the finalized features' traps, without certificates or records: what
     * {@code features} shows (a controller listener whose protocol the brokers' configs do not name is found out by
     * one handshake).
     */
    public Software software(ClusterGateway gateway, Map<String, Short> finalized) {
        ClusterSnapshot now = gateway.read(new SnapshotRequest(true, true, List.of(), false, false));
        boolean zooKeeper = gateway.capabilities().zooKeeperMode();
        Radar radar = gateway.radar();
        RadarTargets.Found found = RadarTargets.find(gateway, now, zooKeeper);
        List<Radar.TlsTarget> unknown = found.listeners().stream().filter(t -> t.tls() == null
                && "controller".equals(t.role())).toList();
        Map<String, Boolean> tls = new HashMap<>();
        radar.certificates(unknown).forEach(c -> tls.put(c.endpoint(), c.tls()));
        found.listeners().stream().filter(t -> t.tls() != null).forEach(t -> tls.putIfAbsent(t.endpoint(), t.tls()));
        List<NodeVersions> versions = radar.versions(found.nodes(), tls);
        List<RadarReads.MetadataLevel> levels = radar.metadataLevels();
        return new Software(VersionRules.judge(versions, found.zkReleases(), finalized, levels),
                FeatureTraps.judge(finalized, versions, levels), found.notes());
    }

    /** The nodes' software and the feature traps, with what could not be read. */
    public record Software(VersionRules.Judged nodes, FeatureTraps.Judged traps, List<String> notes) {
    }

    /** The finalized levels as the nodes loaded them, when describeFeatures could not say. */
    private static Map<String, Short> finalizedFrom(Nodes n) {
        if (n == null) {
            return Map.of();
        }
        return n.versions.stream().filter(v -> v.error() == null && !v.finalized().isEmpty()).findFirst()
                .map(NodeVersions::finalized).orElse(Map.of());
    }

    /** The newest record times, and the time settings of the topics whose records lie ahead. */
    private record Times(RadarReads.MaxTimestamps read, Map<PartitionSpec, Integer> leaders,
                         Map<String, TimeRules.TopicTime> configs) {
    }

    private static Times times(ClusterGateway gateway, Radar radar, ClusterSnapshot now, int max,
                               RadarThresholds thresholds) {
        Map<PartitionSpec, Integer> leaders = TimestampSample.leaders(now);
        List<PartitionSpec> sample = TimestampSample.pick(now, leaders, max);
        RadarReads.MaxTimestamps read = radar.maxTimestamps(sample);
        Map<String, TimeRules.TopicTime> configs = new LinkedHashMap<>();
        for (String topic : TimestampSample.topicsAhead(read, thresholds)) {
            if (configs.size() >= TOPIC_CONFIGS) {
                break;
            }
            configs.put(topic, topicTime(gateway, topic));
        }
        return new Times(read, leaders, configs);
    }

    private static TimeRules.TopicTime topicTime(ClusterGateway gateway, String topic) {
        try {
            EntityConfigs c = gateway.configs().describe(ConfigEntity.topic(topic));
            return new TimeRules.TopicTime(value(c, "message.timestamp.type"), number(c, "retention.ms"),
                    number(c, "message.timestamp.after.max.ms"));
        } catch (ClusterException e) {
            return new TimeRules.TopicTime(null, null, null);
        }
    }

    private static String value(EntityConfigs c, String key) {
        return c.get(key).map(EntityConfigs.Entry::value).orElse(null);
    }

    private static Long number(EntityConfigs c, String key) {
        try {
            String v = value(c, key);
            return v == null ? null : Long.valueOf(v.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A part's answer, or null with a note when it failed or missed the budget; an interrupt ends the read. */
    private static <T> T await(Future<T> future, long until, List<Future<?>> all, List<String> notes, String what) {
        return dev.kshell.util.SideReads.await(future, until, all, "radar", what, notes);
    }
}
