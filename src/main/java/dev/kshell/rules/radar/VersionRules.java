package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.RadarReads.MetadataLevel;
import dev.kshell.model.Severity;
import dev.kshell.rules.SideFinding;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Which software each node runs, and the nodes on different releases (a rolling upgrade left half done, or rolled
 * back halfway). A node's release is read from the highest {@code metadata.version} its software supports (a KRaft
 * node's ApiVersions answer: "supports up to 3.9-IV0" is Kafka 3.9); in ZooKeeper mode, where nodes report no feature
 * ranges, from the broker's default {@code inter.broker.protocol.version} (its own release, unless it is pinned);
 * nodes whose release cannot be named but whose API versions differ still run different software, and are said so.
 */
public final class VersionRules {

    /** Rule ids. */
    public static final String SKEW = "version-skew";
    public static final String UNSUPPORTED = "feature-unsupported";

    /** The ApiVersions API key: a node that serves v4 lists every feature it supports, older ones only metadata.version. */
    private static final short API_VERSIONS = 18;

    private VersionRules() {
    }

    /**
     * One node's software as {@code radar} shows it.
     *
     * @param release        the release line ("3.9", "4.4"), or null when it cannot be told
     * @param how            what the release was read from ("supports metadata.version up to 3.9-IV0")
     * @param apis           how many Kafka APIs the node serves (another count: other software)
     * @param error          why the node could not be asked, or null
     */
    public record Row(Integer nodeId, String role, String endpoint, String release, String how, int apis,
                      String error) {
    }

    /** The rows, the findings, and how triage takes them (step 2 when a broker is involved, else step 1). */
    public record Judged(List<Row> rows, List<Finding> findings, List<SideFinding> forTriage) {
    }

    /**
     * @param nodes       each node's ApiVersions answer (brokers and controllers)
     * @param zkReleases  ZooKeeper mode: per broker, the release its default inter.broker.protocol.version names
     * @param finalized   the cluster's finalized feature levels (describeFeatures), empty when unknown
     * @param levels      the metadata.version levels kshell knows
     */
    public static Judged judge(List<NodeVersions> nodes, Map<Integer, String> zkReleases, Map<String, Short> finalized,
                               List<MetadataLevel> levels) {
        List<Row> rows = new ArrayList<>();
        for (NodeVersions n : nodes) {
            rows.add(row(n, zkReleases, levels));
        }
        List<Finding> findings = new ArrayList<>();
        List<SideFinding> forTriage = new ArrayList<>();
        skew(rows, nodes).ifPresent(f -> {
            findings.add(f);
            long releases = rows.stream().filter(r -> r.error() == null).map(Row::release).distinct().count();
            forTriage.add(new SideFinding(f.where().contains("broker") ? 2 : 1, "radar", f,
                    "nodes on " + releases + " releases"));
        });
        for (NodeVersions n : nodes) {
            unsupported(n, finalized, levels).ifPresent(f -> {
                findings.add(f);
                forTriage.add(new SideFinding("controller".equals(n.role()) ? 1 : 2, "radar", f));
            });
        }
        return new Judged(rows, findings, forTriage);
    }

    private static Row row(NodeVersions n, Map<Integer, String> zkReleases, List<MetadataLevel> levels) {
        if (n.error() != null) {
            return new Row(n.nodeId(), n.role(), n.endpoint(), null, null, 0, n.error());
        }
        NodeVersions.Range mv = n.supported().get(Features.METADATA_VERSION);
        if (mv != null) {
            String name = Features.levelName(mv.max(), levels);
            return new Row(n.nodeId(), n.role(), n.endpoint(), Features.releaseOf(mv.max(), levels),
                    "supports metadata.version up to " + name, n.apiVersions().size(), null);
        }
        String zk = n.nodeId() == null ? null : zkReleases.get(n.nodeId());
        if (zk != null) {
            return new Row(n.nodeId(), n.role(), n.endpoint(), zk, "default inter.broker.protocol.version",
                    n.apiVersions().size(), null);
        }
        return new Row(n.nodeId(), n.role(), n.endpoint(), null, "reports no feature ranges", n.apiVersions().size(),
                null);
    }

    /** Nodes on more than one release (or, where releases cannot be named, answering other API versions). */
    private static java.util.Optional<Finding> skew(List<Row> rows, List<NodeVersions> nodes) {
        Map<String, List<Row>> byRelease = new LinkedHashMap<>();
        boolean allNamed = true;
        for (Row r : rows) {
            if (r.error() != null) {
                continue;
            }
            allNamed &= r.release() != null;
            byRelease.computeIfAbsent(r.release() == null ? "?" : r.release(), k -> new ArrayList<>()).add(r);
        }
        if (allNamed && byRelease.size() > 1) {
            List<String> parts = new ArrayList<>();
            byRelease.entrySet().stream().sorted(Map.Entry.comparingByKey(Features::compareReleases))
                    .forEach(e -> parts.add(who(e.getValue()) + " " + (e.getValue().size() == 1 ? "runs" : "run")
                            + " Kafka " + e.getKey()));
            return java.util.Optional.of(new Finding(Severity.WARNING, SKEW, who(rows.stream()
                    .filter(r -> r.error() == null).toList()), "nodes run different releases: " + String.join("; ",
                    parts) + ". A rolling upgrade is half done (or rolled back halfway): finish it or roll back, "
                    + "and finalize feature levels only once every node runs the new release", "radar"));
        }
        Map<Map<Short, Short>, List<Row>> byApis = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).error() == null && "broker".equals(rows.get(i).role())) {
                byApis.computeIfAbsent(nodes.get(i).apiVersions(), k -> new ArrayList<>()).add(rows.get(i));
            }
        }
        if (!allNamed && byApis.size() > 1) {
            List<String> parts = byApis.values().stream().map(VersionRules::who).toList();
            return java.util.Optional.of(new Finding(Severity.WARNING, SKEW, "brokers", "brokers serve different "
                    + "API versions, so they run different software (" + String.join(" / ", parts) + "); the release "
                    + "of each cannot be named (no feature ranges, inter.broker.protocol.version pinned or unread)",
                    "radar"));
        }
        return java.util.Optional.empty();
    }

    /** A finalized level this node's software does not support: it cannot run in the cluster. */
    private static java.util.Optional<Finding> unsupported(NodeVersions n, Map<String, Short> finalized,
                                                           List<MetadataLevel> levels) {
        if (n.error() != null || n.supported().isEmpty()) {
            return java.util.Optional.empty();
        }
        // before ApiVersions v4 (Kafka 3.9) a node lists only metadata.version among the features it supports
        boolean listsAll = n.apiVersions().getOrDefault(API_VERSIONS, (short) 0) >= 4;
        List<String> beyond = new ArrayList<>();
        finalized.forEach((feature, level) -> {
            NodeVersions.Range r = n.supported().get(feature);
            if (level <= 0 || (r == null && !listsAll && !feature.equals(Features.METADATA_VERSION))) {
                return;
            }
            if (r == null || level > r.max()) {
                beyond.add(feature + " " + Features.levelName(feature, level, levels) + " (it supports "
                        + (r == null ? "none" : "up to " + Features.levelName(feature, r.max(), levels)) + ")");
            }
        });
        if (beyond.isEmpty()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(new Finding(Severity.ERROR, UNSUPPORTED, RadarText.nodes(n.role(),
                n.nodeId() == null ? List.of() : List.of(n.nodeId())), "its software does not support the finalized "
                + String.join(", ", beyond) + ": it cannot run in this cluster (Kafka refuses its registration and it "
                + "shuts down); start it on a release that supports the level", "radar"));
    }

    /** "brokers 4, 5 and controllers 1, 2, 3". */
    static String who(List<Row> rows) {
        Map<String, TreeSet<Integer>> byRole = new LinkedHashMap<>();
        rows.stream().sorted(java.util.Comparator.comparing(r -> "broker".equals(r.role()) ? 0 : 1))
                .forEach(r -> byRole.computeIfAbsent(r.role(), k -> new TreeSet<>())
                        .add(r.nodeId() == null ? -1 : r.nodeId()));
        List<String> parts = new ArrayList<>();
        byRole.forEach((role, ids) -> parts.add(RadarText.nodes(role, ids)));
        return String.join(" and ", parts);
    }
}
