package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;
import dev.kshell.model.RadarThresholds;
import dev.kshell.rules.SideFinding;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The radar's judgement over what was read (pure): certificates, the nodes' software, the finalized features' traps,
 * time. Gives the report and what triage takes of it (each finding on its step: controllers' certificates and
 * feature levels on 1, brokers' certificates and releases on 2, time on 6).
 */
public final class RadarChecks {

    private RadarChecks() {
    }

    /**
     * Everything the radar read.
     *
     * @param cluster     the cluster as detected, for the report's head line
     * @param chains      what each listener presented (empty when not read)
     * @param versions    each node's ApiVersions answer
     * @param zkReleases  ZooKeeper mode: the release each broker's default inter.broker.protocol.version names
     * @param finalized   the finalized feature levels (empty when unknown)
     * @param levels      the metadata.version levels kshell knows
     * @param newest      the newest record times (null when not read)
     * @param leaders     each partition's leader
     * @param topicTimes  the time settings of the topics with records ahead
     * @param clock       the active controller's clock (null when not read)
     * @param notes       what could not be read, in the workflow's words
     */
    public record Read(String clusterId, String cluster, Instant now, RadarThresholds thresholds,
                       List<PresentedChain> chains, List<NodeVersions> versions, Map<Integer, String> zkReleases,
                       Map<String, Short> finalized, List<RadarReads.MetadataLevel> levels,
                       RadarReads.MaxTimestamps newest, Map<PartitionSpec, Integer> leaders,
                       Map<String, TimeRules.TopicTime> topicTimes, RadarReads.ControllerClock clock,
                       List<String> notes) {
    }

    /** The report, and the findings as triage takes them. */
    public record Judgement(RadarReport report, List<SideFinding> forTriage) {
    }

    public static Judgement judge(Read in) {
        CertificateRules.Judged certs = CertificateRules.judge(in.chains(), in.thresholds(), in.now());
        VersionRules.Judged versions = VersionRules.judge(in.versions(), in.zkReleases(), in.finalized(),
                in.levels());
        FeatureTraps.Judged traps = FeatureTraps.judge(in.finalized(), in.versions(), in.levels());
        TimeRules.Judged time = TimeRules.judge(in.newest(), in.leaders(), in.topicTimes(), in.clock(),
                in.thresholds());
        List<Finding> findings = new ArrayList<>();
        findings.addAll(certs.findings());
        findings.addAll(versions.findings());
        findings.addAll(traps.findings());
        findings.addAll(time.findings());
        List<String> notes = new ArrayList<>(in.notes());
        notes.addAll(time.notes());
        List<SideFinding> forTriage = new ArrayList<>();
        forTriage.addAll(certs.forTriage());
        forTriage.addAll(versions.forTriage());
        // the metadata.version trap joins step 1's line only while an upgrade is in motion (nodes on two releases, or
        // every node able to go higher than the finalized level): that is when "can we go back?" is asked
        boolean inMotion = versions.findings().stream().anyMatch(f -> f.rule().equals(VersionRules.SKEW))
                || traps.findings().stream().anyMatch(f -> f.rule().equals(FeatureTraps.NOT_FINALIZED));
        traps.forTriage().forEach(s -> forTriage.add(inMotion ? s : new SideFinding(s.step(), s.source(),
                s.finding())));
        time.findings().forEach(f -> forTriage.add(new SideFinding(6, "radar", f)));
        RadarReport report = new RadarReport(in.clusterId(), in.cluster(), in.now(), in.thresholds(), certs.rows(),
                versions.rows(), traps.traps(), time.topics(), time.clocks(), findings, notes);
        return new Judgement(report, forTriage);
    }
}
