package dev.kshell.sandbox;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

import dev.kshell.sandbox.NodeInfo.Role;
import java.util.Arrays;

/**
 * The files each node of a {@link LocalCluster} starts from, for its three kinds of node: a KRaft controller or
 * broker ({@code server.properties}), a ZooKeeper-mode broker (same file, {@code zookeeper.connect}) and the
 * standalone ZooKeeper server ({@code zoo.cfg} keys in the same file name); plus each node's logging setup
 * ({@code logback.xml} for Kafka 4, {@code log4j.properties} for releases on log4j 1).
 */
final class NodeConfig {

    static final String CONTROLLER_LISTENER = "CONTROLLER";
    static final String BROKER_LISTENER = "PLAINTEXT";
    static final String HOST = "127.0.0.1";
    /** ZooKeeper mode: the brokers' znodes live under this chroot, as in most production ensembles. */
    static final String ZK_CHROOT = "/kafka";

    private final LocalClusterSpec spec;

    NodeConfig(LocalClusterSpec spec) {
        this.spec = spec;
    }

    /** Writes every node's configuration and logging files into its directory. */
    void writeAll(Collection<ClusterNode> nodes) throws IOException {
        String voters = nodes.stream().filter(n -> n.role == Role.CONTROLLER)
                .map(n -> n.id + "@" + HOST + ":" + n.port).collect(Collectors.joining(","));
        String zooKeeperConnect = zooKeeperConnect(nodes);
        for (ClusterNode node : nodes) {
            if (node.role == Role.ZOOKEEPER) {
                writeProperties(node.propsFile(), zooKeeperProperties(node));
            } else {
                writeProperties(node.propsFile(), serverProperties(node, voters, zooKeeperConnect));
            }
            Files.writeString(node.dir.resolve("logback.xml"), logbackXml(node.logFile()), StandardCharsets.UTF_8);
            Files.writeString(node.dir.resolve("log4j.properties"), log4jProperties(node.logFile()),
                    StandardCharsets.UTF_8);
        }
    }

    /** {@code 1@h:p,2@h:p} -> {@code h:p,h:p}. */
    private static String bootstrapServers(String voters) {
        return Arrays.stream(voters.split(",")).map(v -> v.substring(v.indexOf('@') + 1))
                .collect(Collectors.joining(","));
    }

    /**
     * The {@code --initial-controllers} value of a dynamic quorum: {@code id@host:port:directoryId} per controller.
     */
    static String initialControllers(Collection<ClusterNode> nodes) {
        return nodes.stream().filter(n -> n.role == Role.CONTROLLER)
                .map(n -> n.id + "@" + HOST + ":" + n.port + ":" + n.directoryId).collect(Collectors.joining(","));
    }

    /** {@code HOST:PORT/kafka} of the ZooKeeper server among these nodes, or null (KRaft). */
    static String zooKeeperConnect(Collection<ClusterNode> nodes) {
        return nodes.stream().filter(n -> n.role == Role.ZOOKEEPER).findFirst()
                .map(n -> HOST + ":" + n.port + ZK_CHROOT).orElse(null);
    }

    /** A standalone ZooKeeper 3.8 server (zoo.cfg): short ticks so that a killed broker's session ends in seconds. */
    private static Map<String, String> zooKeeperProperties(ClusterNode node) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("dataDir", node.dataDir().toString());
        p.put("clientPort", Integer.toString(node.port));
        p.put("clientPortAddress", HOST);
        p.put("tickTime", "500"); // sessions may be as short as 2 ticks: brokers ask for 4 s below
        // ...and as long as the brokers ask: the default cap, 20 ticks (10 s), would silently shorten Kafka's 18 s
        // default (or a test's wider window) while the brokers' own config, which triage quotes, still said 18 s
        p.put("maxSessionTimeout", "120000");
        p.put("maxClientCnxns", "0");
        p.put("admin.enableServer", "false");
        p.put("4lw.commands.whitelist", "srvr,mntr,ruok");
        return p;
    }

    private Map<String, String> serverProperties(ClusterNode node, String voters, String zooKeeperConnect) {
        Map<String, String> p = new LinkedHashMap<>();
        if (spec.zooKeeperMode()) {
            p.put("broker.id", Integer.toString(node.id));
            p.put("zookeeper.connect", zooKeeperConnect); // Kafka creates the chroot on first start
            p.put("zookeeper.connection.timeout.ms", "60000");
            if (spec.fastFailureDetection()) {
                p.put("zookeeper.session.timeout.ms", "4000"); // a killed broker leaves /brokers/ids in ~4 s
            }
            p.put("listener.security.protocol.map", BROKER_LISTENER + ":PLAINTEXT");
        } else {
            p.put("node.id", Integer.toString(node.id));
            if (spec.dynamicQuorum()) {
                // KIP-853: the voter set lives in the metadata log (formatted with --initial-controllers); the
                // nodes only need somewhere to start asking
                p.put("controller.quorum.bootstrap.servers", bootstrapServers(voters));
            } else {
                p.put("controller.quorum.voters", voters);
            }
            p.put("controller.listener.names", CONTROLLER_LISTENER);
            p.put("listener.security.protocol.map", CONTROLLER_LISTENER + ":PLAINTEXT," + BROKER_LISTENER
                    + ":PLAINTEXT");
        }
        boolean two = spec.twoLogDirs() && node.role == Role.BROKER;
        p.put("log.dirs", node.dataDir() + (two ? "," + node.secondDataDir() : ""));
        // small and fast: a laptop or CI runner holds six of these
        p.put("num.network.threads", "2");
        p.put("num.io.threads", "2");
        p.put("background.threads", "2");
        p.put("num.recovery.threads.per.data.dir", "1");
        p.put("log.cleaner.threads", "1");
        p.put("log.cleaner.dedupe.buffer.size", "8388608"); // the 128 MiB default sits on a 256 MiB heap
        p.put("num.partitions", "1"); // 4.4.0 warns when it is set on brokers only: the controller applies it
        if (spec.fastFailureDetection() && !spec.zooKeeperMode()) {
            p.put("broker.session.timeout.ms", "3000"); // read by controllers
            p.put("broker.heartbeat.interval.ms", "500"); // read by brokers
        }
        if (node.role == Role.CONTROLLER) {
            p.put("process.roles", "controller");
            p.put("listeners", CONTROLLER_LISTENER + "://" + HOST + ":" + node.port);
            p.putAll(spec.extraControllerProps());
        } else {
            int brokers = spec.brokers();
            if (!spec.zooKeeperMode()) {
                p.put("process.roles", "broker");
            }
            p.put("listeners", BROKER_LISTENER + "://" + HOST + ":" + node.port);
            p.put("advertised.listeners", BROKER_LISTENER + "://" + HOST + ":" + node.port);
            p.put("inter.broker.listener.name", BROKER_LISTENER);
            p.put("num.replica.fetchers", "1");
            p.put("auto.create.topics.enable", "false");
            p.put("group.initial.rebalance.delay.ms", "0");
            p.put("offsets.topic.replication.factor", Integer.toString(Math.min(3, brokers)));
            p.put("offsets.topic.num.partitions", "10");
            p.put("transaction.state.log.replication.factor", Integer.toString(Math.min(3, brokers)));
            p.put("transaction.state.log.min.isr", Integer.toString(Math.min(2, brokers)));
            p.put("transaction.state.log.num.partitions", "10");
            if (spec.runtime().major() >= 4) {
                p.put("share.coordinator.state.topic.replication.factor", Integer.toString(Math.min(3, brokers)));
                p.put("share.coordinator.state.topic.min.isr", Integer.toString(Math.min(2, brokers)));
            }
            p.putAll(spec.extraBrokerProps());
        }
        return p;
    }

    private static void writeProperties(Path file, Map<String, String> props) throws IOException {
        StringBuilder sb = new StringBuilder("# written by kshell's LocalCluster\n");
        props.forEach((k, v) -> sb.append(k).append('=').append(v.replace("\\", "\\\\")).append('\n'));
        Files.writeString(file, sb.toString(), StandardCharsets.UTF_8);
    }

    private static String logbackXml(Path logFile) {
        return """
                <configuration>
                  <appender name="FILE" class="ch.qos.logback.core.FileAppender">
                    <file>%s</file>
                    <append>true</append>
                    <encoder><pattern>%%d{HH:mm:ss.SSS} %%-5level [%%thread] %%logger{36} - %%msg%%n</pattern></encoder>
                  </appender>
                  <logger name="kafka" level="INFO"/>
                  <logger name="org.apache.kafka" level="INFO"/>
                  <logger name="kafka.log" level="WARN"/>
                  <logger name="org.apache.kafka.storage" level="WARN"/>
                  <logger name="state.change.logger" level="WARN"/>
                  <logger name="kafka.server.KafkaConfig" level="WARN"/>
                  <logger name="org.apache.kafka.common.config.AbstractConfig" level="WARN"/>
                  <logger name="org.apache.kafka.clients" level="WARN"/>
                  <logger name="org.apache.kafka.common.utils.AppInfoParser" level="WARN"/>
                  <root level="WARN"><appender-ref ref="FILE"/></root>
                </configuration>
                """.formatted(xmlEscape(logFile.toString()));
    }

    /** The same levels as {@link #logbackXml} for releases that log through log4j 1 (Kafka 3.x, ZooKeeper 3.8). */
    private static String log4jProperties(Path logFile) {
        return String.join("\n",
                "log4j.rootLogger=WARN, FILE",
                "log4j.appender.FILE=org.apache.log4j.FileAppender",
                "log4j.appender.FILE.File=" + logFile.toString().replace("\\", "\\\\"),
                "log4j.appender.FILE.Append=true",
                "log4j.appender.FILE.layout=org.apache.log4j.PatternLayout",
                "log4j.appender.FILE.layout.ConversionPattern=%d{HH:mm:ss.SSS} %-5p [%t] %c{1} - %m%n",
                "log4j.logger.kafka=INFO",
                "log4j.logger.org.apache.kafka=INFO",
                "log4j.logger.kafka.log=WARN",
                "log4j.logger.org.apache.kafka.storage=WARN",
                "log4j.logger.state.change.logger=WARN",
                "log4j.logger.kafka.server.KafkaConfig=WARN",
                "log4j.logger.org.apache.kafka.common.config.AbstractConfig=WARN",
                "log4j.logger.org.apache.kafka.clients=WARN",
                "log4j.logger.org.apache.kafka.common.utils.AppInfoParser=WARN",
                "log4j.logger.org.apache.zookeeper=WARN",
                "log4j.logger.kafka.zookeeper=WARN",
                "");
    }

    private static String xmlEscape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }
}
