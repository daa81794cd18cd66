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
 * Kafka's own downgrade rules over its own metadata.version table (kafka-server-common 4.4), as seen on real
 * clusters (docs/kafka-behaviour.md): 4.4 refused every downgrade from 4.4-IV2; 3.9 took 3.9-IV0 down to 3.7-IV2 and
 * refused 3.7-IV1.
 */
@Timeout(30)
class FeatureTrapsTest {

    private static final List<MetadataLevel> LEVELS = FakeRadar.levels();

    @Test
    void should_find_the_lowest_level_kafka_downgrades_to() {
        assertThat(FeatureTraps.downgradeFloor((short) 33, LEVELS)).isEqualTo((short) 33); // 4.4-IV2 changed it
        assertThat(FeatureTraps.downgradeFloor((short) 21, LEVELS)).isEqualTo((short) 17); // 3.9-IV0 -> 3.7-IV2
        assertThat(FeatureTraps.downgradeFloor((short) 25, LEVELS)).isEqualTo((short) 23); // 4.0-IV3 -> 4.0-IV1
        assertThat(FeatureTraps.downgradeFloor((short) 31, LEVELS)).isEqualTo((short) 30); // 4.4-IV0 -> 4.3-IV0
        assertThat(FeatureTraps.downgradeFloor((short) 99, LEVELS)).isEqualTo((short) 99); // unknown: no claim
    }

    @Test
    void should_say_a_metadata_version_that_cannot_go_back_and_the_oldest_software_that_runs() {
        FeatureTraps.Judged j = FeatureTraps.judge(Map.of("metadata.version", (short) 33), List.of(), LEVELS);

        FeatureTraps.Trap mv = j.traps().get(0);
        assertThat(mv.name()).isEqualTo("4.4-IV2");
        assertThat(mv.lowest()).isEqualTo((short) 33);
        assertThat(mv.oldestRelease()).isEqualTo("4.4");
        assertThat(j.findings()).extracting(Finding::rule).containsExactly(FeatureTraps.NO_DOWNGRADE);
        assertThat(j.findings().get(0).message()).contains("cannot be downgraded")
                .contains("software before 4.4 can no longer run");
        assertThat(j.forTriage().get(0).step()).isEqualTo(1);
        assertThat(j.forTriage().get(0).headline()).isEqualTo("metadata.version 4.4-IV2 (no downgrade)");
    }

    @Test
    void should_say_how_far_a_downgradable_level_can_go() {
        FeatureTraps.Judged j = FeatureTraps.judge(Map.of("metadata.version", (short) 21), List.of(), LEVELS);

        assertThat(j.traps().get(0).lowestName()).isEqualTo("3.7-IV2");
        assertThat(j.findings().get(0).rule()).isEqualTo(FeatureTraps.DOWNGRADE_FLOOR);
        assertThat(j.findings().get(0).message()).contains("kafka-features downgrade --metadata 3.7-IV2");
        assertThat(j.forTriage().get(0).headline()).isEqualTo("metadata.version 3.9-IV0 (downgrade to 3.7-IV2 at most)");
    }

    @Test
    void should_say_that_kraft_version_1_is_one_way_and_the_other_features_can_go_back() {
        FeatureTraps.Judged j = FeatureTraps.judge(Map.of("kraft.version", (short) 1, "group.version", (short) 1),
                List.of(), LEVELS);

        assertThat(j.traps()).extracting(FeatureTraps.Trap::feature, FeatureTraps.Trap::lowest)
                .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("kraft.version", (short) 1),
                        org.assertj.core.groups.Tuple.tuple("group.version", (short) 0));
        assertThat(j.findings()).extracting(Finding::rule).containsExactly(FeatureTraps.KRAFT_ONE_WAY);
    }

    @Test
    void should_say_an_upgrade_not_finalized_when_every_node_supports_more() {
        NodeVersions v44 = new NodeVersions(4, "broker", "b4:9092",
                Map.of("metadata.version", new NodeVersions.Range((short) 7, (short) 33)), Map.of(), Map.of(), null);
        NodeVersions c44 = new NodeVersions(1, "controller", "c1:9093",
                Map.of("metadata.version", new NodeVersions.Range((short) 7, (short) 33)), Map.of(), Map.of(), null);

        FeatureTraps.Judged j = FeatureTraps.judge(Map.of("metadata.version", (short) 25), List.of(v44, c44), LEVELS);

        Finding notFinalized = j.findings().stream().filter(f -> f.rule().equals(FeatureTraps.NOT_FINALIZED))
                .findFirst().orElseThrow();
        assertThat(notFinalized.severity()).isEqualTo(Severity.INFO);
        assertThat(notFinalized.message()).contains("up to 4.4-IV2, but 4.0-IV3 is finalized")
                .contains("kafka-features upgrade --release-version 4.4");
    }
}
