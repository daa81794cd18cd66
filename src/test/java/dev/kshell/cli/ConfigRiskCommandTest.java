package dev.kshell.cli;

import dev.kshell.cli.commands.ConfigRiskCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.rules.ConfigRiskRules;
import dev.kshell.rules.Snapshots;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ConfigValue;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import dev.kshell.workflow.check.ConfigRiskService;
import java.time.Duration;

/** {@code audit} over fake gateways: the connected cluster, and several profiles where one cannot be reached. */
@Timeout(30)
class AuditCommandTest {

    /** A fake cluster that also answers broker configs; records what it was asked and whether it was closed. */
    static class ConfigGateway extends FakeGateway {
        final BrokerConfigs configs;
        List<Integer> askedBrokers;
        boolean closed;

        ConfigGateway(ClusterSnapshot snapshot, BrokerConfigs configs, ClusterTarget target) {
            super(snapshot, target);
            this.configs = configs;
        }

        @Override
        public BrokerConfigs brokerConfigs(List<Integer> brokerIds, Collection<String> names) {
            askedBrokers = brokerIds;
            assertThat(names).containsAll(ConfigRiskRules.BROKER_KEYS);
            return configs;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    /** A cluster that never answers. */
    static class DeadGateway extends FakeGateway {
        boolean closed;

        DeadGateway(ClusterTarget target) {
            super(Snapshots.healthy(), target);
        }

        @Override
        public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
            throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                    "no answer from " + target().endpoints() + " within 1s (describeCluster)");
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    static final ClusterTarget TARGET = new ClusterTarget("b4:9092", null, Map.of(), Duration.ofSeconds(1));

    /** Healthy except for unclean election on broker 5 and min.isr = RF on one topic; broker 6 is fenced. */
    static ConfigGateway risky(ClusterTarget target) {
        ClusterSnapshot s = Snapshots.cluster().clusterId("risky").brokers(4, 5).fenced(6)
                .internalTopic("__consumer_offsets").minIsr(1, Snapshots.CLUSTER_DEFAULT).partitions(3, 4, 5, 6)
                .internalTopic("__transaction_state").minIsr(2, Snapshots.STATIC).partitions(3, 4, 5, 6)
                .topic("audit-minisr").minIsr(3).partitions(1, 4, 5, 6)
                .build();
        Map<String, ConfigValue> b4 = Map.of(ConfigRiskRules.UNCLEAN, new ConfigValue("false", "DEFAULT_CONFIG", false));
        Map<String, ConfigValue> b5 = Map.of(ConfigRiskRules.UNCLEAN,
                new ConfigValue("true", "DYNAMIC_BROKER_CONFIG", false));
        return new ConfigGateway(s, new BrokerConfigs(Map.of(), Map.of(4, b4, 5, b5), Map.of()), target);
    }

    private final Map<String, FakeGateway> opened = new ConcurrentHashMap<>();
    private final AtomicInteger openedCount = new AtomicInteger();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private CommandLineExecutor executor(ShellSession session, Path home) {
        ConfigRiskCommand audit = new ConfigRiskCommand(new ConfigRiskService(session,
                () -> home, target -> {
            openedCount.incrementAndGet();
            FakeGateway g = target.bootstrapServers().startsWith("127.0.0.1") ? new DeadGateway(target) : risky(target);
            opened.put(target.bootstrapServers(), g);
            return g;
        }));
        return new CommandLineExecutor(CommandLineParser.forCommands(List.of(audit)), session);
    }

    private CommandLineExecutor.LineResult run(CommandLineExecutor executor, String line) {
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    private static Path home(Path dir) throws Exception {
        Files.writeString(dir.resolve("profiles.yaml"), """
                shared:
                  bootstrap-servers: b4:9092
                  timeout: 2s
                dead:
                  bootstrap-servers: 127.0.0.1:1
                  timeout: 1s
                """);
        return dir;
    }

    @Test
    void should_audit_the_connected_cluster_asking_only_live_brokers_for_their_configs(@TempDir Path tmp) {
        ConfigGateway gateway = risky(TARGET);
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(TARGET, "test", null);
        CommandLineExecutor.LineResult outcome = run(executor(session, tmp), "audit");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(gateway.askedBrokers).containsExactly(4, 5);
        assertThat(out.toString())
                .startsWith("cluster test  id risky  via b4:9092  2 live brokers\n")
                .containsPattern("WARNING +unclean-enabled +broker 5 ")
                .containsPattern("WARNING +min-isr-equals-rf +topic audit-minisr ")
                .contains("broker 5 (unclean-enabled): kafka-configs.sh --bootstrap-server b4:9092 --alter "
                        + "--entity-type brokers --entity-name 5 --delete-config unclean.leader.election.enable");
        assertThat(session.lastSnapshot()).isPresent();
        assertThat(gateway.closed).isFalse();
        assertThat(openedCount).hasValue(0);
    }

    @Test
    void should_flag_replication_throttles_left_behind_with_no_reassignment_in_flight(@TempDir Path tmp) {
        ConfigGateway gateway = risky(TARGET);
        gateway.moves.brokerRates.put(4, Map.of("leader.replication.throttled.rate", "1000",
                "follower.replication.throttled.rate", "1000"));
        gateway.moves.topicLists.put("audit-minisr", Map.of("follower.replication.throttled.replicas", "0:6"));
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(TARGET, "test", null);
        CommandLineExecutor.LineResult outcome = run(executor(session, tmp), "audit");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString())
                .containsPattern("WARNING +leftover-replication-throttle +broker 4, topic audit-minisr ")
                .contains("reassign cancel --all");
    }

    @Test
    void should_not_flag_a_throttle_while_a_reassignment_is_in_flight(@TempDir Path tmp) {
        ConfigGateway gateway = risky(TARGET);
        gateway.moves.brokerRates.put(4, Map.of("leader.replication.throttled.rate", "1000"));
        gateway.moves.inFlight.put(new dev.kshell.model.PartitionSpec("audit-minisr", 0),
                new dev.kshell.cluster.ReplicaMoves.InFlight(List.of(4, 5, 6), List.of(4), List.of()));
        ShellSession session = new ShellSession(t -> gateway);
        session.connect(TARGET, "test", null);
        run(executor(session, tmp), "audit");
        assertThat(out.toString()).contains("unclean-enabled").doesNotContain("leftover-replication-throttle");
    }

    @Test
    void should_refuse_without_a_connection_or_profile(@TempDir Path tmp) {
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), tmp), "audit");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).startsWith("error: audit needs a cluster");
    }

    @Test
    void should_fail_with_exit_4_when_the_connected_cluster_does_not_answer(@TempDir Path tmp) {
        DeadGateway dead = new DeadGateway(TARGET);
        ShellSession session = new ShellSession(t -> dead);
        session.connect(TARGET, "test", null);
        CommandLineExecutor.LineResult outcome = run(executor(session, tmp), "audit");
        assertThat(outcome.code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(err.toString()).isEqualTo("error: no answer from b4:9092 within 1s (describeCluster)\n");
    }

    @Test
    void should_give_one_row_per_profile_with_the_unreachable_one_as_an_error(@TempDir Path tmp) throws Exception {
        CommandLineExecutor executor = executor(new ShellSession(t -> null), home(tmp));
        CommandLineExecutor.LineResult outcome = run(executor, "audit --all-profiles");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).matches("CLUSTER +ENDPOINTS +CLUSTER ID +BROKERS +ERRORS +WARNINGS +INFO +STATUS");
        assertThat(lines.get(1)).matches("shared +b4:9092 +risky +2 +0 +2 +1 +findings");
        assertThat(lines.get(2)).matches("dead +127\\.0\\.0\\.1:1 +- +- +- +- +- +NOT AUDITED: no answer from "
                + "127\\.0\\.0\\.1:1 within 1s \\(describeCluster\\)");
        assertThat(out.toString()).contains("cluster shared  id risky").doesNotContain("cluster dead  id");
        assertThat(opened.values()).allSatisfy(g -> assertThat(g instanceof ConfigGateway c ? c.closed
                : ((DeadGateway) g).closed).isTrue());

        JsonNode json = Json.tree(outcome.model());
        assertThat(json.get("clusters")).hasSize(2);
        assertThat(json.get("clusters").get(1).get("error").asString()).contains("127.0.0.1:1");
        assertThat(json.get("clusters").get(0).get("findings")).hasSize(3);
    }

    @Test
    void should_exit_4_when_no_profile_could_be_audited(@TempDir Path tmp) throws Exception {
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), home(tmp)),
                "audit --profile dead");
        assertThat(outcome.code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(out.toString()).startsWith("cluster dead (127.0.0.1:1) not audited: no answer");
    }

    @Test
    void should_name_an_unknown_profile_before_contacting_any_cluster(@TempDir Path tmp) throws Exception {
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), home(tmp)),
                "audit --profile shared --profile shraed");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no profile 'shraed'").contains("did you mean 'shared'");
        assertThat(openedCount).hasValue(0);
    }

    @Test
    void should_refuse_profiles_and_all_profiles_together(@TempDir Path tmp) throws Exception {
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), home(tmp)),
                "audit --profile shared --all-profiles");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
    }

    @Test
    void should_say_when_there_are_no_profiles(@TempDir Path tmp) {
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), tmp), "audit --all-profiles");
        assertThat(outcome.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("no profiles in");
    }

    @Test
    void should_flag_a_profile_that_reaches_another_cluster(@TempDir Path tmp) throws Exception {
        Files.writeString(tmp.resolve("profiles.yaml"), """
                prod:
                  bootstrap-servers: b4:9092
                  expected-cluster-id: prod-id
                """);
        CommandLineExecutor.LineResult outcome = run(executor(new ShellSession(t -> null), tmp), "audit --profile prod");
        assertThat(outcome.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("ERROR     unexpected-cluster-id");
    }
}
