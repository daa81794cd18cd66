package dev.kshell.it;

import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.commands.ConfigsChangeCommand;
import dev.kshell.cli.commands.ConfigsShowCommand;
import dev.kshell.cli.commands.ConfigsTemporaryCommand;
import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.LocalCluster;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Configs;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.MatrixCluster;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.Config;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code configs} on Kafka 3.9.1 in ZooKeeper mode ({@link MatrixCluster}, that release's own class path): a dynamic
 * broker config set on one broker (kept in ZooKeeper by that release) and reverted, read back by Kafka's Admin API.
 */
@Integration
@Timeout(900)
@ExtendWith(SharedCluster.Frozen.class)
class ConfigsMatrixIntegrationTest {

    private static final MatrixCluster.Flavour FLAVOUR = MatrixCluster.Flavour.KAFKA_39_ZOOKEEPER;
    private static final ConfigResource BROKER_5 = new ConfigResource(ConfigResource.Type.BROKER, "5");

    private static LocalCluster cluster;
    private static Admin admin;
    private ShellHarness shell;

    @TempDir
    Path home;

    @BeforeAll
    static void start() {
        cluster = MatrixCluster.get(FLAVOUR);
        admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, cluster.bootstrapServers()));
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        MatrixCluster.close(FLAVOUR);
    }

    @AfterEach
    void restore() throws Exception {
        if (shell != null) {
            shell.close();
        }
        System.clearProperty("kshell.audit.file");
        System.setProperty("kshell.home", "target/test-home");
        Configs.alter(admin, BROKER_5, "log.cleaner.threads", null);
    }

    private static ConfigEntry cleanerThreads() {
        try {
            Config c = admin.describeConfigs(List.of(BROKER_5)).all().get(60, TimeUnit.SECONDS).get(BROKER_5);
            return c.get("log.cleaner.threads");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void should_set_and_revert_a_dynamic_broker_config_in_zookeeper_mode() {
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        shell = new ShellHarness(s -> {
            List<KshellCommand> commands = new ArrayList<>();
            commands.add(new ConfigsShowCommand(s, ConfigEntity.Kind.BROKER));
            commands.add(new ConfigsChangeCommand(s, true, ConfigEntity.Kind.BROKER));
            commands.add(new ConfigsTemporaryCommand(s, ConfigsTemporaryCommand.Kind.REVERT));
            return commands;
        }).connectBrokers(cluster.bootstrapServers());

        ShellHarness.Result set = shell.run("configs set broker 5 log.cleaner.threads=2 --for 1h --yes");

        System.out.println("[" + FLAVOUR + "] set:\n" + set.out() + set.err());
        assertThat(set.code()).as(set.out() + set.err()).isEqualTo(ExitCode.OK);
        Await.until("broker 5 log.cleaner.threads=2 (dynamic broker)", Duration.ofSeconds(30),
                ConfigsMatrixIntegrationTest::cleanerThreads, e -> "2".equals(e.value())
                        && e.source() == ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG);
        ShellHarness.Result shown = shell.run("configs broker 5");
        System.out.println("[" + FLAVOUR + "] configs broker 5:\n" + shown.out());
        assertThat(shown.out()).contains("log.cleaner.threads").contains("dynamic broker");

        ShellHarness.Result reverted = shell.run("configs revert t1 --yes");

        System.out.println("[" + FLAVOUR + "] revert:\n" + reverted.out() + reverted.err());
        assertThat(reverted.code()).as(reverted.out() + reverted.err()).isEqualTo(ExitCode.OK);
        Await.until("broker 5 log.cleaner.threads back to its static value", Duration.ofSeconds(30),
                ConfigsMatrixIntegrationTest::cleanerThreads,
                e -> e.source() != ConfigEntry.ConfigSource.DYNAMIC_BROKER_CONFIG);
    }
}
