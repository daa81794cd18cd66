package dev.kshell.it;

import dev.kshell.testsupport.Integration;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.render.Json;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.KshellProcess;
import dev.kshell.testsupport.ManualClock;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.common.errors.TopicExistsException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Controller changes on the shared real cluster (4.4 KRaft), one that is flapping and one that is not.
 *
 * <p>The second seed incident: the active controller freezes (SIGSTOP ~6 s, then SIGCONT)
 * three times, the quorum elects another leader each time, and a watching kshell records each read. Then a one-shot
 * {@code triage} in a NEW process, which knows only the state file, names the changes and their count and exits 1,
 * and {@code elect unclean} in a new process is refused for instability (exit 3). Fifteen minutes later by the
 * state's clock (an injected clock) the same history no longer makes the quorum unstable.
 *
 * <p>Issue 28's failover: kill -9 of the active controller is one failover, named as such, and HEALTHY once the
 * controller is back. Every node is resumed or started again after each test.
 */
@Integration
@Timeout(900)
class QuorumStabilityIntegrationTest {

    private static final String TOPIC = "flap-orders";
    private static final Duration PAUSE = Duration.ofSeconds(6);

    private static LocalCluster cluster;
    private static Admin admin;

    @TempDir
    static Path home;

    static List<KshellCommand> commands(ShellSession s) {
        return List.of(new QuorumCommand(s), new TriageCommand(s), new ElectUncleanCommand(s));
    }

    @BeforeAll
    static void setUp() throws Exception {
        cluster = SharedCluster.get();
        SharedCluster.ensureAllRunning();
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
        try {
            admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 3))).all().get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw e;
            }
        }
    }

    @AfterAll
    static void tearDown() {
        if (admin != null) {
            admin.close();
        }
    }

    @AfterEach
    void restore() {
        cluster.resumeAll(); // never leave a frozen controller to the next test
        SharedCluster.ensureAllRunning();
    }

    @Test
    void should_name_three_leader_changes_in_a_fresh_triage_refuse_unclean_and_forgive_them_15_minutes_later()
            throws Exception {
        Path state = home.resolve("state");
        try (ShellHarness watcher = new ShellHarness(QuorumStabilityIntegrationTest::commands)) {
            // a kshell watching the quorum, as `watch quorum` or a cron triage would: its reads go to the state file
            watcher.session.useQuorumMemory(QuorumMemory.withFile(state, Clock.systemUTC()));
            watcher.connectBrokers(cluster.bootstrapServers());
            Await.until("a settled quorum", Duration.ofSeconds(120), QuorumStabilityIntegrationTest::quorum,
                    QuorumStabilityIntegrationTest::settled);
            // the watcher's first read (its exit code is not the point here: it also weighs the quorum's history)
            assertThat(watcher.run("quorum --output json").json().get("leaderId").asInt()).isPositive();
            List<Integer> leaders = new ArrayList<>();
            for (int round = 1; round <= 3; round++) {
                QuorumInfo before = Await.until("a settled quorum", Duration.ofSeconds(120),
                        QuorumStabilityIntegrationTest::quorum, QuorumStabilityIntegrationTest::settled);
                int frozen = before.leaderId();
                leaders.add(frozen);
                long t0 = System.nanoTime();
                cluster.pauseNode(frozen);
                try {
                    long until = t0 + PAUSE.toNanos();
                    while (System.nanoTime() - until < 0) {
                        watcher.run("quorum --timeout 2s"); // may fail while the voters elect: that is fine
                        Thread.sleep(500);
                    }
                } finally {
                    cluster.resumeNode(frozen);
                }
                double paused = (System.nanoTime() - t0) / 1e9;
                ShellHarness.Result after = Await.until("a quorum leader other than " + frozen, Duration.ofSeconds(60),
                        () -> watcher.run("quorum --output json"),
                        r -> r.model() != null && r.json().get("leaderId").asInt() >= 0
                                && r.json().get("leaderId").asInt() != frozen);
                System.out.printf("[quorum-it] pause %d: controller %d (active, epoch %d) SIGSTOP for %.1f s, then "
                                + "SIGCONT -> leader %d (epoch %d)%n", round, frozen, before.leaderEpoch(), paused,
                        after.json().get("leaderId").asInt(), after.json().get("leaderEpoch").asLong());
            }
            leaders.add(quorum().leaderId());
            System.out.println("[quorum-it] leaders seen: " + leaders);
        }

        // ---- a fresh process: knows only the state file ------------------------------------------------------
        // Nothing but the quorum may lead the verdict: every broker serving, every partition whole, then a triage
        // whose first line is the quorum's (a broker starved past its session on a busy machine is fenced for a
        // moment, and a leaderless partition outranks the quorum: wait for what is asserted)
        SharedCluster.awaitSettled();
        // quorum-unstable is a WARNING or an ERROR, never CRITICAL, and every partition is whole: DEGRADED
        Pattern leads = Pattern.compile("^DEGRADED: quorum unstable: leader changed");
        KshellProcess.Result triage = Await.until("a fresh triage led by the quorum's instability",
                Duration.ofSeconds(120), () -> kshell("triage"), c -> leads.matcher(c.out()).find());
        System.out.println("[quorum-it] $ kshell triage   (exit " + triage.code() + ")\n" + triage.out() + triage.err());
        assertThat(triage.code()).as(triage.out() + triage.err()).isEqualTo(1);
        assertThat(triage.out()).containsPattern("^DEGRADED: quorum unstable: leader changed")
                .contains("next: watch quorum\n")
                .contains("do:   find why the controller keeps changing: long GC pauses on the active controller")
                .contains("do not touch unclean election now");
        Matcher count = Pattern.compile("leader changed (\\d+) times in the last 10 min \\(epoch (\\d+) -> (\\d+); "
                + "leaders ([0-9, ]+)\\)").matcher(triage.out());
        assertThat(count.find()).as(triage.out()).isTrue();
        assertThat(Integer.parseInt(count.group(1))).isGreaterThanOrEqualTo(3);
        assertThat(Long.parseLong(count.group(3)) - Long.parseLong(count.group(2))).isGreaterThanOrEqualTo(3);
        assertThat(count.group(4).split(", ")).hasSizeGreaterThanOrEqualTo(4);

        KshellProcess.Result unclean = kshell("elect", "unclean", TOPIC + "-0", "--output", "json");
        System.out.println("[quorum-it] $ kshell elect unclean " + TOPIC + "-0 --output json   (exit " + unclean.code()
                + ")\n" + unclean.out() + unclean.err());
        assertThat(unclean.code()).as(unclean.out() + unclean.err()).isEqualTo(3);
        JsonNode report = Json.mapper().readTree(unclean.out());
        assertThat(report.get("decision").asString()).isEqualTo("refused");
        assertThat(report.get("reason").asString()).startsWith("quorum unstable: leader changed");
        assertThat(report.get("alternative").asString()).startsWith("watch quorum");
        assertThat(unclean.err()).contains("quorum unstable").contains("watch quorum");

        KshellProcess.Result history = kshell("quorum", "--history");
        System.out.println("[quorum-it] $ kshell quorum --history   (exit " + history.code() + ")\n" + history.out()
                + history.err());
        assertThat(history.code()).isEqualTo(1);
        assertThat(history.out()).contains("LEADER").contains("quorum unstable");

        // ---- 15 minutes later by the state's clock: the same history is forgiven ------------------------------
        try (ShellHarness later = new ShellHarness(QuorumStabilityIntegrationTest::commands)) {
            later.session.useQuorumMemory(QuorumMemory.withFile(state, new ManualClock(Instant.now()
                    .plus(Duration.ofMinutes(15)))));
            later.connectBrokers(cluster.bootstrapServers());
            ShellHarness.Result calm = later.run("triage");
            System.out.println("[quorum-it] 15 min later: $ triage   (exit " + calm.code() + ")\n" + calm.out());
            assertThat(calm.out()).doesNotContain("quorum unstable").contains("1. Quorum: leader ");
            ShellHarness.Result plan = later.run("elect unclean " + TOPIC + "-0 --dry-run --output json");
            assertThat(plan.json().get("plan").get("refusals")).extracting(r -> r.get("reason").asString())
                    .doesNotContain("QUORUM_UNSTABLE").contains("PARTITION_HAS_LEADER");
        }
    }

    /**
     * Issue 28 on 4.4 KRaft: a one-shot triage with its own home (a cron job's) has seen the quorum healthy; kill -9
     * of the active controller; a one-shot triage seconds later names that controller as not answering and exits 1,
     * its one failover shown as such (not an unstable quorum); once the controller runs again and the quorum has
     * caught it up, triage is HEALTHY (exit 0) with the failover noted as information.
     */
    @Test
    void should_name_a_killed_active_controller_then_call_the_quorum_healthy_with_one_failover_noted()
            throws Exception {
        Path own = Files.createTempDirectory(home, "failover-");
        List<String> connect = List.of("--bootstrap-server", cluster.bootstrapServers());
        SharedCluster.awaitSettled();
        // the history: a HEALTHY one-shot that saw the leader that is still the settled leader right after it
        Seen seen = Await.until("a one-shot triage HEALTHY naming the settled quorum leader", Duration.ofSeconds(180),
                () -> new Seen(KshellProcess.run(own, connect, "triage"), quorum()),
                s -> s.triage().code() == 0 && s.quorum() != null && settled(s.quorum()) && s.triage().out()
                        .contains("1. Quorum: leader " + s.quorum().leaderId() + ", epoch " + s.quorum().leaderEpoch()
                                + ","));
        QuorumInfo before = seen.quorum();
        int active = before.leaderId();
        System.out.println("[failover-it] before: $ kshell triage " + seen.triage());

        long t0 = System.nanoTime();
        cluster.killNode(active);
        QuorumInfo after = Await.until("a quorum leader other than the killed " + active, Duration.ofSeconds(120),
                QuorumStabilityIntegrationTest::quorum, q -> q != null && q.leaderId() >= 0 && q.leaderId() != active);
        KshellProcess.Result dead = KshellProcess.run(own, connect, "triage");
        System.out.printf("[failover-it] kill -9 of controller %d (active, epoch %d); leader %d (epoch %d); one-shot "
                        + "triage started %.1f s after the kill: $ kshell triage %s%n", active, before.leaderEpoch(),
                after.leaderId(), after.leaderEpoch(), (System.nanoTime() - t0) / 1e9 - dead.seconds(), dead);
        assertThat(dead.code()).as(dead.toString()).isEqualTo(1);
        assertThat(dead.out()).as(dead.toString())
                // the dead voter is no longer the leader (a WARNING) and every partition is led: DEGRADED, [warn]
                .containsPattern("^DEGRADED: ")
                .containsPattern("\\[warn\\] +1\\. Quorum: controller " + active + " does not answer; leader "
                        + after.leaderId())
                .contains("one failover").contains("leader " + active + " had stopped answering")
                .doesNotContain("unstable").doesNotContain("keeps changing");

        cluster.startNode(active);
        SharedCluster.awaitSettled(); // every voter follows the leader again
        KshellProcess.Result back = Await.until("a one-shot triage HEALTHY with controller " + active + " caught up",
                Duration.ofSeconds(180), () -> KshellProcess.run(own, connect, "triage"), r -> r.code() == 0);
        System.out.println("[failover-it] controller " + active + " started again and caught up: $ kshell triage "
                + back);
        assertThat(back.out()).as(back.toString()).startsWith("HEALTHY")
                .containsPattern("\\[ok\\] +1\\. Quorum: leader \\d+, epoch \\d+, 3 of 3 voters caught up; one failover")
                .contains("leader " + active + " had stopped answering")
                .doesNotContain("unstable").doesNotContain("keeps changing");
    }

    /** A one-shot triage and the quorum as Admin read it right after. */
    private record Seen(KshellProcess.Result triage, QuorumInfo quorum) {
    }

    private static QuorumInfo quorum() {
        try {
            return admin.describeMetadataQuorum().quorumInfo().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            return null;
        }
    }

    /** A leader whose followers all fetched within the last second: freezing it then makes a clean election. */
    private static boolean settled(QuorumInfo q) {
        long now = System.currentTimeMillis();
        return q != null && q.leaderId() >= 0 && q.voters().stream().allMatch(v -> v.replicaId() == q.leaderId()
                || v.lastFetchTimestamp().stream().anyMatch(t -> now - t < 1_000));
    }

    /** kshell one-shot in a new JVM with this test's home (its state dir is the watcher's). */
    private static KshellProcess.Result kshell(String... words) {
        return KshellProcess.run(home, List.of("--bootstrap-server", cluster.bootstrapServers()), words);
    }
}
