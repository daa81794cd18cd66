package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.QuorumChangeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** The shared cluster's quorum is static: a voter change is refused in one line naming it, and nothing changes. */
@Integration
@Timeout(300)
class StaticQuorumRefusalIntegrationTest {

    @BeforeEach
    void whole() {
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_refuse_replace_controller_on_a_static_quorum_and_change_nothing() {
        LocalCluster cluster = SharedCluster.get();
        try (ShellHarness shell = new ShellHarness(s -> List.of(new QuorumCommand(s),
                new QuorumChangeCommand(s, VoterChangePlan.Kind.REPLACE),
                new QuorumChangeCommand(s, VoterChangePlan.Kind.REMOVE))).connectBrokers(cluster.bootstrapServers())) {
            ShellHarness.Result before = shell.run("quorum");
            assertThat(before.out()).contains("quorum static (kraft.version 0)");
            ShellHarness.Result r = shell.run("quorum replace-controller 2 --yes");
            System.out.println("[replace-controller on a static quorum]\n" + r.out() + r.err());
            assertThat(r.code()).isEqualTo(ExitCode.REFUSED);
            assertThat(r.err().strip()).doesNotContain("\n").contains("refused: the quorum is static (kraft.version 0, "
                    + "controller.quorum.voters)").contains("nothing was changed");
            assertThat(r.out()).contains("On a static quorum a controller whose disk is gone comes back as the same "
                    + "voter").contains("KAFKA-21426");
            assertThat(shell.run("quorum remove-controller 3 --yes").code()).isEqualTo(ExitCode.REFUSED);
            ShellHarness.Result after = shell.run("quorum");
            assertThat(after.out()).contains("3/3 voters caught up").contains("quorum static (kraft.version 0)");
        }
    }
}
