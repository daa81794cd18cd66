package dev.kshell.rules.radar;

import dev.kshell.model.ExitCode;
import dev.kshell.model.NodeVersions;
import dev.kshell.model.RadarThresholds;
import dev.kshell.rules.SideFinding;
import dev.kshell.testsupport.FakeRadar;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The radar's judgement as a whole: the report's exit code, and what triage takes of it on which step. */
@Timeout(30)
class RadarChecksTest {

    private static RadarChecks.Read read(List<NodeVersions> versions, Map<String, Short> finalized) {
        return new RadarChecks.Read("c", "Kafka 3.9", CertificateRulesTest.NOW, RadarThresholds.DEFAULTS, List.of(),
                versions, Map.of(), finalized, FakeRadar.levels(), null, Map.of(), Map.of(), null, List.of("a note"));
    }

    @Test
    void should_keep_the_metadata_version_trap_off_step_1s_line_while_nothing_moves() {
        RadarChecks.Judgement j = RadarChecks.judge(read(List.of(VersionRulesTest.kafka39(4, "broker")),
                Map.of("metadata.version", (short) 21)));

        assertThat(j.report().exitCode()).isEqualTo(ExitCode.OK);
        assertThat(j.report().summary()).isEqualTo("nothing due");
        assertThat(j.report().notes()).containsExactly("a note");
        assertThat(j.forTriage()).singleElement().satisfies(s -> {
            assertThat(s.step()).isEqualTo(1);
            assertThat(s.headline()).isNull();
        });
    }

    @Test
    void should_put_the_trap_on_step_1s_line_while_nodes_run_two_releases() {
        RadarChecks.Judgement j = RadarChecks.judge(read(List.of(VersionRulesTest.kafka39(4, "broker"),
                VersionRulesTest.kafka44(6, "broker")), Map.of("metadata.version", (short) 21)));

        assertThat(j.report().exitCode()).isEqualTo(ExitCode.FINDINGS);
        assertThat(j.report().summary()).isEqualTo("1 due: version-skew");
        assertThat(j.forTriage()).extracting(SideFinding::step, SideFinding::headline).containsExactly(
                org.assertj.core.groups.Tuple.tuple(2, "nodes on 2 releases"),
                org.assertj.core.groups.Tuple.tuple(1, "metadata.version 3.9-IV0 (downgrade to 3.7-IV2 at most)"));
    }
}
