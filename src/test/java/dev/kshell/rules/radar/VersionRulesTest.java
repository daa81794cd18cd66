package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.RadarReads.MetadataLevel;
import dev.kshell.model.Severity;
import dev.kshell.testsupport.FakeRadar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The software each node runs, as its ApiVersions answer tells (the answers below are the ones Kafka 3.9.1 and 4.4.0
 * gave here: 3.9 nodes support metadata.version 1-21 and kraft.version 0-1; 4.4 nodes 7-33 and every feature).
 */
@Timeout(30)
class VersionRulesTest {

    private static final List<MetadataLevel> LEVELS = FakeRadar.levels();

    static NodeVersions kafka39(int id, String role) {
        return new NodeVersions(id, role, "127.0.0.1:" + (9000 + id), Map.of(
                "metadata.version", new NodeVersions.Range((short) 1, (short) 21),
                "kraft.version", new NodeVersions.Range((short) 0, (short) 1)), Map.of("metadata.version", (short) 21),
                Map.of((short) 1, (short) 17, (short) 18, (short) 4), null);
    }

    static NodeVersions kafka44(int id, String role) {
        return new NodeVersions(id, role, "127.0.0.1:" + (9000 + id), Map.of(
                "metadata.version", new NodeVersions.Range((short) 7, (short) 33),
                "kraft.version", new NodeVersions.Range((short) 0, (short) 1),
                "group.version", new NodeVersions.Range((short) 0, (short) 1)), Map.of("metadata.version", (short) 21),
                Map.of((short) 1, (short) 18, (short) 18, (short) 4), null);
    }

    @Test
    void should_name_each_nodes_release_from_the_highest_metadata_version_it_supports() {
        VersionRules.Judged j = VersionRules.judge(List.of(kafka39(4, "broker"), kafka44(6, "broker")), Map.of(),
                Map.of("metadata.version", (short) 21), LEVELS);

        assertThat(j.rows()).extracting(VersionRules.Row::release).containsExactly("3.9", "4.4");
        assertThat(j.rows().get(0).how()).isEqualTo("supports metadata.version up to 3.9-IV0");
    }

    @Test
    void should_name_the_nodes_on_each_release_when_they_differ() {
        VersionRules.Judged j = VersionRules.judge(List.of(kafka39(1, "controller"), kafka39(4, "broker"),
                kafka39(5, "broker"), kafka44(6, "broker")), Map.of(), Map.of("metadata.version", (short) 21), LEVELS);

        Finding skew = j.findings().get(0);
        assertThat(skew.rule()).isEqualTo(VersionRules.SKEW);
        assertThat(skew.severity()).isEqualTo(Severity.WARNING);
        assertThat(skew.message()).contains("brokers 4, 5 and controller 1 run Kafka 3.9; broker 6 runs Kafka 4.4");
        assertThat(j.forTriage().get(0).step()).isEqualTo(2);
        assertThat(j.forTriage().get(0).headline()).isEqualTo("nodes on 2 releases");
    }

    @Test
    void should_say_nothing_when_every_node_runs_one_release() {
        VersionRules.Judged j = VersionRules.judge(List.of(kafka44(1, "controller"), kafka44(4, "broker")), Map.of(),
                Map.of("metadata.version", (short) 33), LEVELS);

        assertThat(j.findings()).isEmpty();
    }

    @Test
    void should_leave_out_a_node_that_could_not_be_asked() {
        VersionRules.Judged j = VersionRules.judge(List.of(kafka44(4, "broker"),
                NodeVersions.failed(5, "broker", "b5:9092", "connection refused")), Map.of(), Map.of(), LEVELS);

        assertThat(j.findings()).isEmpty();
        assertThat(j.rows().get(1).error()).isEqualTo("connection refused");
    }

    @Test
    void should_read_a_zookeeper_brokers_release_from_its_default_protocol_version() {
        NodeVersions zk = new NodeVersions(4, "broker", "b4:9092", Map.of(), Map.of(), Map.of((short) 1, (short) 17),
                null);

        VersionRules.Judged j = VersionRules.judge(List.of(zk), Map.of(4, "3.9"), Map.of(), LEVELS);

        assertThat(j.rows().get(0).release()).isEqualTo("3.9");
        assertThat(j.rows().get(0).how()).isEqualTo("default inter.broker.protocol.version");
    }

    @Test
    void should_tell_different_software_by_its_api_versions_when_no_release_can_be_named() {
        NodeVersions a = new NodeVersions(4, "broker", "b4:9092", Map.of(), Map.of(), Map.of((short) 1, (short) 12),
                null);
        NodeVersions b = new NodeVersions(5, "broker", "b5:9092", Map.of(), Map.of(), Map.of((short) 1, (short) 13),
                null);

        VersionRules.Judged j = VersionRules.judge(List.of(a, b), Map.of(), Map.of(), LEVELS);

        assertThat(j.findings().get(0).message()).contains("serve different API versions").contains("broker 4 / broker 5");
    }

    @Test
    void should_call_a_node_that_cannot_run_a_finalized_level_an_error() {
        VersionRules.Judged j = VersionRules.judge(List.of(kafka39(4, "broker")), Map.of(),
                Map.of("metadata.version", (short) 25), LEVELS);

        Finding f = j.findings().get(0);
        assertThat(f.rule()).isEqualTo(VersionRules.UNSUPPORTED);
        assertThat(f.severity()).isEqualTo(Severity.ERROR);
        assertThat(f.where()).isEqualTo("broker 4");
        assertThat(f.message()).contains("metadata.version 4.0-IV3 (it supports up to 3.9-IV0)");
    }

    @Test
    void should_not_read_a_feature_an_older_answer_leaves_out_as_unsupported() {
        // ApiVersions before v4 lists only metadata.version among the supported features
        NodeVersions v3 = new NodeVersions(4, "broker", "b4:9092",
                Map.of("metadata.version", new NodeVersions.Range((short) 1, (short) 21)), Map.of(),
                Map.of((short) 18, (short) 3), null);

        VersionRules.Judged j = VersionRules.judge(List.of(v3), Map.of(),
                Map.of("metadata.version", (short) 21, "kraft.version", (short) 1), LEVELS);

        assertThat(j.findings()).isEmpty();
    }
}
