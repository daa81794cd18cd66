package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.QuorumChangeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;
import dev.kshell.sandbox.NodeInfo;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import dev.kshell.cli.KshellCommand;

/**
 * Issue 35 on a real Kafka 4.4 cluster with a dynamic quorum (KIP-853) of its own: a controller whose disk is lost
 * and formatted again with --no-initial-controllers is named by {@code quorum} and replaced by
 * {@code quorum replace-controller N --yes}; Kafka's own MetadataQuorumCommand (run as an oracle) then lists three
 * voters with N's new directory id, and triage is HEALTHY. Also a planned remove then add, and the refusal when the
 * change would lose the majority. Each test leaves the quorum whole (three caught-up voters, every node running).
 */
@Integration
@Timeout(900)
@ExtendWith(SharedCluster.Frozen.class) // its own six JVMs: the shared cluster's are frozen meanwhile
class DynamicQuorumIntegrationTest {

    private static LocalCluster cluster;
    private static ShellHarness shell;

    @BeforeAll
    static void start() throws Exception {
        cluster = LocalCluster.start(SharedCluster.holdStill(LocalClusterSpec.seed().withFastFailureDetection(true)
                .withDynamicQuorum(true)), line -> System.out.println("[dynamic-quorum] " + line));
        shell = new ShellHarness(s -> {
            List<KshellCommand> commands = new ArrayList<>(List.of(new QuorumCommand(s),
                    new TriageCommand(s)));
            for (VoterChangePlan.Kind kind : VoterChangePlan.Kind.values()) {
                commands.add(new QuorumChangeCommand(s, kind));
            }
            return commands;
        }).connectBrokers(cluster.bootstrapServers());
    }

    @AfterAll
    static void stop() {
        if (shell != null) {
            shell.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Every node running, three voters (1-3), each caught up: what each test starts from and leaves. */
    @AfterEach
    void whole() {
        for (NodeInfo n : cluster.nodes()) {
            if (n.state() != NodeInfo.State.RUNNING) {
                cluster.startNode(n.id());
            }
        }
        // a test that failed between a remove and its add leaves a controller out of the voter set: add it back, so
        // that one failure is reported once and the next tests start from three voters
        for (int id = 1; id <= 3; id++) {
            int n = id;
            ShellHarness.Result q = Await.until("a quorum leader", Duration.ofSeconds(60), () -> shell.run("quorum"),
                    r -> r.out().contains(" leader "));
            if (!Pattern.compile("(?m)^" + n + " +(leader|follower) ").matcher(q.out()).find()) {
                String endpoint = "CONTROLLER://127.0.0.1:" + cluster.node(n).port();
                Await.until("controller " + n + " a voter again", Duration.ofSeconds(60),
                        () -> shell.run("quorum add-controller " + n + " --endpoint " + endpoint + " --yes"),
                        r -> r.code() == ExitCode.OK);
            }
        }
        Await.until("quorum OK with voters 1, 2, 3", Duration.ofSeconds(120), () -> shell.run("quorum"),
                r -> r.code() == ExitCode.OK && r.out().startsWith("OK: ") && r.out().contains("3/3 voters caught up"));
    }

    /** A follower controller, 2 unless it leads. */
    private static int follower() {
        ShellHarness.Result q = Await.until("a quorum leader", Duration.ofSeconds(60), () -> shell.run("quorum"),
                r -> r.code() == ExitCode.OK);
        Matcher m = Pattern.compile("leader (\\d+) \\(epoch").matcher(q.out());
        assertThat(m.find()).as(q.out()).isTrue();
        return Integer.parseInt(m.group(1)) == 2 ? 3 : 2;
    }

    @Test
    void should_replace_a_controller_whose_disk_was_lost_and_leave_three_caught_up_voters() throws Exception {
        int n = follower();
        String oldDir = cluster.directoryId(n);
        String newDir = cluster.loseDisk(n);
        assertThat(newDir).isNotNull().isNotEqualTo(oldDir);

        ShellHarness.Result named = Await.until("quorum names controller " + n + " back with a new disk",
                Duration.ofSeconds(60), () -> shell.run("quorum"),
                r -> r.out().contains("controller " + n + " came back with a new disk"));
        System.out.println("[quorum-after-lost-disk]\n" + named.out());
        assertThat(named.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(named.out()).startsWith("DEGRADED: ").contains("quorum dynamic (kraft.version 1)")
                .contains("(directory " + newDir + "; the voter set still holds " + oldDir + ")")
                .contains("`quorum replace-controller " + n + "` replaces it");

        ShellHarness.Result replaced = Await.until("the new observer caught up, then replaced",
                Duration.ofSeconds(60), () -> shell.run("quorum replace-controller " + n + " --yes"),
                r -> r.code() != ExitCode.REFUSED || !r.err().contains("is not caught up"));
        System.out.println("[replace-controller]\n" + replaced.out() + replaced.err());
        assertThat(replaced.code()).as(replaced.err()).isEqualTo(ExitCode.OK);
        // the steps are said as they happen (notes, on stderr), the result on stdout
        assertThat(replaced.err()).contains("removed voter " + n + " (directory " + oldDir + ")")
                .contains("added voter " + n + " (directory " + newDir + ")");
        assertThat(replaced.out()).contains("controller " + n + " is a caught-up voter: 3 voters [1, 2, 3]");

        String oracle = metadataQuorumStatus();
        System.out.println("[MetadataQuorumCommand describe --status]\n" + oracle);
        String voters = oracle.lines().filter(l -> l.startsWith("CurrentVoters:")).findFirst().orElseThrow();
        assertThat(Pattern.compile("\"id\": ?\\d+").matcher(voters).results().count()).isEqualTo(3);
        assertThat(voters).contains("\"id\": " + n + ", \"directoryId\": \"" + newDir + "\"").doesNotContain(oldDir);

        ShellHarness.Result triage = Await.until("triage HEALTHY", Duration.ofSeconds(120), () -> shell.run("triage"),
                r -> r.code() == ExitCode.OK);
        assertThat(triage.out()).startsWith("HEALTHY");
    }

    @Test
    void should_remove_then_add_a_running_controller() {
        int n = follower();
        String dir = cluster.directoryId(n);
        ShellHarness.Result removed = shell.run("quorum remove-controller " + n + " --yes");
        System.out.println("[remove-controller]\n" + removed.out() + removed.err());
        assertThat(removed.code()).as(removed.err()).isEqualTo(ExitCode.OK);
        assertThat(removed.out()).contains("controller " + n + " is no longer a voter: 2 voters");

        // an endpoint where nothing listens: Kafka's 4.4 leader adds a voter there (it checks the new voter over the
        // connection it already has to node n); kshell asks the endpoint first and refuses
        ShellHarness.Result unreached = Await.until("controller " + n + " an observer", Duration.ofSeconds(60),
                () -> shell.run("quorum add-controller " + n + " --endpoint CONTROLLER://127.0.0.1:1 --yes"),
                r -> r.code() != ExitCode.REFUSED || !r.err().contains("observer"));
        System.out.println("[add-controller at a dead endpoint]\n" + unreached.out() + unreached.err());
        assertThat(unreached.code()).as(unreached.err()).isEqualTo(ExitCode.REFUSED);
        assertThat(unreached.err()).contains("CONTROLLER://127.0.0.1:1 does not answer from here (connection refused)")
                .contains("nothing was changed");

        String endpoint = "CONTROLLER://127.0.0.1:" + cluster.node(n).port();
        ShellHarness.Result added = Await.until("controller " + n + " added back", Duration.ofSeconds(60),
                () -> shell.run("quorum add-controller " + n + " --endpoint " + endpoint + " --yes"),
                r -> r.code() != ExitCode.REFUSED || !r.err().contains("observer"));
        System.out.println("[add-controller]\n" + added.out() + added.err());
        assertThat(added.code()).as(added.err()).isEqualTo(ExitCode.OK);
        assertThat(added.err()).contains("added voter " + n + " (directory " + dir + ")");
        assertThat(added.out()).contains("controller " + n + " is a caught-up voter: 3 voters [1, 2, 3]");
    }

    @Test
    void should_refuse_a_change_that_would_lose_the_majority_and_change_nothing() {
        int n = follower();
        int other = n == 2 ? 3 : 2;
        if (other == leader()) {
            other = 1;
        }
        cluster.killNode(other);
        ShellHarness.Result refused = shell.run("quorum remove-controller " + n + " --yes");
        System.out.println("[remove-controller with " + other + " dead]\n" + refused.out() + refused.err());
        assertThat(refused.code()).isEqualTo(ExitCode.REFUSED);
        assertThat(refused.err()).contains("refused: the quorum would lose its majority")
                .contains(other + " does not answer").contains("nothing was changed");
        cluster.startNode(other);
        ShellHarness.Result q = Await.until("quorum OK again", Duration.ofSeconds(120), () -> shell.run("quorum"),
                r -> r.code() == ExitCode.OK);
        assertThat(q.out()).contains("3/3 voters caught up");
    }

    private static int leader() {
        ShellHarness.Result q = shell.run("quorum");
        Matcher m = Pattern.compile("leader (\\d+) \\(epoch").matcher(q.out());
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** Kafka's own {@code kafka-metadata-quorum --bootstrap-server ... describe --status}, as a child JVM. */
    private static String metadataQuorumStatus() throws Exception {
        List<String> cmd = List.of(Path.java(), "-cp", System.getProperty("java.class.path"),
                "org.apache.kafka.tools.MetadataQuorumCommand", "--bootstrap-server", cluster.bootstrapServers(),
                "describe", "--status");
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        byte[] out = p.getInputStream().readAllBytes();
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        String text = new String(out, StandardCharsets.UTF_8);
        assertThat(p.exitValue()).as(text).isZero();
        return text;
    }

    private static final class Path {
        static String java() {
            return java.nio.file.Path.of(System.getProperty("java.home"), "bin", "java").toString();
        }
    }
}
