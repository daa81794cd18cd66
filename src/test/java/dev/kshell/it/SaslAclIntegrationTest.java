package dev.kshell.it;

import static org.assertj.core.api.Assertions.assertThat;

import dev.kshell.cli.commands.ElectPreferredCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SaslCluster;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewPartitionReassignment;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.acl.AccessControlEntry;
import org.apache.kafka.common.acl.AclBinding;
import org.apache.kafka.common.acl.AclOperation;
import org.apache.kafka.common.acl.AclPermissionType;
import org.apache.kafka.common.resource.PatternType;
import org.apache.kafka.common.resource.ResourcePattern;
import org.apache.kafka.common.resource.ResourceType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The field's secured cluster: SASL/PLAIN and ACLs (Kafka's StandardAuthorizer), through Kafka's own client
 * properties. A refused login is said as such; a read-only user (DESCRIBE and DESCRIBE_CONFIGS on the cluster and
 * every topic) is judged as an admin would be; an election it may not make fails with the ACL it lacks and is in the
 * audit log; a user that may not read the quorum is never told the cluster is healthy.
 */
@Integration
@Timeout(600)
@ExtendWith(SharedCluster.Frozen.class) // its own three JVMs: the shared cluster's are frozen meanwhile
class SaslAclIntegrationTest {

    private static final String TOPIC = "acl-t";

    @TempDir
    static Path home;
    private static String savedHome;
    private static SaslCluster sasl;
    private static Admin admin;

    @BeforeAll
    static void start() throws Exception {
        savedHome = System.getProperty("kshell.home");
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        sasl = SaslCluster.start();
        Map<String, Object> props = new HashMap<>(SaslCluster.clientProperties("admin", SaslCluster.ADMIN_PASSWORD));
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, sasl.cluster().bootstrapServers());
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "15000");
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "10000");
        admin = Admin.create(props);
        // the reader: what a monitoring user typically holds
        ResourcePattern cluster = new ResourcePattern(ResourceType.CLUSTER, "kafka-cluster", PatternType.LITERAL);
        ResourcePattern topics = new ResourcePattern(ResourceType.TOPIC, "*", PatternType.LITERAL);
        ResourcePattern groups = new ResourcePattern(ResourceType.GROUP, "*", PatternType.LITERAL);
        admin.createAcls(List.of(allow(cluster, "reader", AclOperation.DESCRIBE),
                allow(cluster, "reader", AclOperation.DESCRIBE_CONFIGS),
                allow(topics, "reader", AclOperation.DESCRIBE), allow(topics, "reader", AclOperation.DESCRIBE_CONFIGS),
                allow(groups, "reader", AclOperation.DESCRIBE),
                // the narrow user may see the topics, not the cluster (nor the quorum)
                allow(topics, "narrow", AclOperation.DESCRIBE))).all().get(30, TimeUnit.SECONDS);
        // partition 0 led by broker 3, then its replicas reordered to [2, 3]: its preferred leader is 2, its leader
        // stays 3 (the controller does not rebalance leaders here), so a preferred election is needed
        admin.createTopics(List.of(new NewTopic(TOPIC, Map.of(0, List.of(3, 2), 1, List.of(2, 3)))))
                .all().get(30, TimeUnit.SECONDS);
        awaitPartition(p -> p.leader() != null && p.leader().id() == 3 && p.isr().size() == 2);
        admin.alterPartitionReassignments(Map.of(new TopicPartition(TOPIC, 0),
                Optional.of(new NewPartitionReassignment(List.of(2, 3))))).all().get(30, TimeUnit.SECONDS);
        awaitPartition(p -> p.replicas().get(0).id() == 2 && p.leader() != null && p.leader().id() == 3);
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close();
        }
        if (sasl != null) {
            sasl.close();
        }
        System.clearProperty("kshell.audit.file");
        if (savedHome != null) {
            System.setProperty("kshell.home", savedHome);
        }
    }

    @Test
    void should_say_a_refused_login_as_a_sasl_failure_with_kafkas_reason() {
        try (ShellHarness shell = as("reader", "not-the-password")) {
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[sasl-wrong-password] " + r.err());
            assertThat(r.code()).isEqualTo(ExitCode.UNREACHABLE);
            assertThat(r.err()).startsWith("error: ").contains("SASL authentication to " + sasl.cluster()
                    .bootstrapServers() + " failed: ").contains("Invalid username or password")
                    .contains("(next: check sasl.mechanism and the user and password in sasl.jaas.config")
                    .doesNotContain("no answer").doesNotContain("\tat ");
            assertThat(r.out()).doesNotContain("HEALTHY");
        }
    }

    @Test
    void should_judge_the_cluster_for_a_read_only_user_as_for_an_admin() {
        try (ShellHarness reader = as("reader", SaslCluster.READER_PASSWORD);
             ShellHarness adminShell = as("admin", SaslCluster.ADMIN_PASSWORD)) {
            ShellHarness.Result byAdmin = Await.until("triage answered for the admin", Duration.ofSeconds(60),
                    () -> adminShell.run("triage"), r -> r.code() != ExitCode.UNREACHABLE);
            ShellHarness.Result byReader = reader.run("triage");
            System.out.println("[sasl-triage-admin]\n" + byAdmin.out() + byAdmin.err());
            System.out.println("[sasl-triage-reader]\n" + byReader.out() + byReader.err());
            assertThat(byReader.code()).as(byReader.err()).isEqualTo(byAdmin.code());
            assertThat(byReader.out().lines().findFirst()).isEqualTo(byAdmin.out().lines().findFirst());
            assertThat(byReader.out()).isEqualTo(byAdmin.out());
            assertThat(byReader.err()).doesNotContain("not authorized");

            ShellHarness.Result quorum = reader.run("quorum");
            assertThat(quorum.code()).as(quorum.err()).isEqualTo(ExitCode.OK);
            assertThat(quorum.out()).startsWith("OK: leader 1");
            assertThat(reader.run("leaderless").code()).isEqualTo(ExitCode.OK);
        }
    }

    @Test
    void should_fail_an_election_the_user_may_not_make_naming_the_acl_and_audit_it() throws Exception {
        try (ShellHarness reader = as("reader", SaslCluster.READER_PASSWORD)) {
            ShellHarness.Result denied = reader.run("elect preferred " + TOPIC + "-0 --yes");
            System.out.println("[sasl-elect-as-reader] " + denied.out() + denied.err());
            assertThat(denied.code()).isEqualTo(ExitCode.ACTION_FAILED);
            assertThat(denied.out()).contains("acl-t-0    failed  3           not authorized to ALTER cluster (electing "
                    + "leaders needs that ACL)").contains("0 succeeded, 0 not needed, 1 failed");
        }
        String audit = Files.readString(home.resolve("audit.jsonl"), StandardCharsets.UTF_8);
        String last = audit.lines().reduce((a, b) -> b).orElseThrow();
        System.out.println("[sasl-elect-audit] " + last);
        assertThat(last).contains("\"action\":\"elect-preferred\"").contains("\"decision\":\"failed\"")
                .contains("\"errorName\":\"CLUSTER_AUTHORIZATION_FAILED\"");
        // the same election by the admin succeeds: it was needed, and only the ACL stood in the way
        try (ShellHarness adminShell = as("admin", SaslCluster.ADMIN_PASSWORD)) {
            ShellHarness.Result done = adminShell.run("elect preferred " + TOPIC + "-0 --yes");
            System.out.println("[sasl-elect-as-admin] " + done.out() + done.err());
            assertThat(done.code()).as(done.err()).isEqualTo(ExitCode.OK);
        }
        awaitPartition(p -> p.leader() != null && p.leader().id() == 2);
    }

    @Test
    void should_not_call_the_cluster_healthy_for_a_user_that_may_not_read_the_quorum() {
        try (ShellHarness narrow = as("narrow", "narrow-secret")) {
            ShellHarness.Result r = narrow.run("triage");
            System.out.println("[sasl-triage-narrow]\n" + r.out() + r.err());
            // what it may read is judged; what it may not is said, and keeps the verdict from HEALTHY
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(r.out()).startsWith("DEGRADED: quorum unknown")
                    .contains("the metadata quorum could not be read (not authorized to DESCRIBE cluster: "
                            + "describeMetadataQuorum on " + sasl.cluster().bootstrapServers() + " was denied")
                    .contains("this connection's user may not see it, so the quorum's health is unknown")
                    .contains("[ok]      3. Leaderless partitions: no leaderless partitions")
                    .contains("min.insync.replicas unknown (not authorized to DESCRIBE_CONFIGS topic) for 1 topic "
                            + "(acl-t)")
                    .doesNotContain("controllers are down");
        }
    }

    @Test
    void should_call_a_group_the_user_may_not_describe_unknown_not_a_failed_command() throws Exception {
        admin.alterConsumerGroupOffsets("acl-group", Map.of(new TopicPartition(TOPIC, 1),
                new org.apache.kafka.clients.consumer.OffsetAndMetadata(0))).all().get(30, TimeUnit.SECONDS);
        try (ShellHarness reader = as("reader", SaslCluster.READER_PASSWORD);
             ShellHarness narrow = as("narrow", "narrow-secret")) {
            ShellHarness.Result seen = reader.run("group acl-group");
            System.out.println("[sasl-group-reader]\n" + seen.out() + seen.err());
            assertThat(seen.code()).as(seen.err()).isEqualTo(ExitCode.OK);
            assertThat(seen.json().get("partitions").get(0).get("committed").asLong()).isZero();
            ShellHarness.Result hidden = narrow.run("group acl-group");
            System.out.println("[sasl-group-narrow]\n" + hidden.out() + hidden.err());
            assertThat(hidden.code()).as(hidden.err()).isEqualTo(ExitCode.OK);
            assertThat(hidden.out()).contains("unknown: not authorized");
            ShellHarness.Result listed = narrow.run("groups");
            assertThat(listed.code()).as(listed.err()).isEqualTo(ExitCode.OK);
            assertThat(listed.out()).startsWith("0 groups");
        } finally {
            admin.deleteConsumerGroups(List.of("acl-group")).all().get(30, TimeUnit.SECONDS);
        }
    }

    private static ShellHarness as(String user, String password) {
        ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s), new QuorumCommand(s),
                new LeaderlessCommand(s), new ElectPreferredCommand(s), new dev.kshell.cli.commands.GroupsCommand(s),
                new dev.kshell.cli.commands.GroupCommand(s)));
        shell.session.connect(new ClusterTarget(sasl.cluster().bootstrapServers(), null,
                SaslCluster.clientProperties(user, password), Duration.ofSeconds(10)), user, null);
        return shell;
    }

    private static AclBinding allow(ResourcePattern pattern, String user, AclOperation operation) {
        return new AclBinding(pattern, new AccessControlEntry("User:" + user, "*", operation,
                AclPermissionType.ALLOW));
    }

    private static void awaitPartition(java.util.function.Predicate<TopicPartitionInfo> done) {
        Await.until("partition " + TOPIC + "-0", Duration.ofSeconds(60), () -> {
            try {
                TopicDescription d = admin.describeTopics(List.of(TOPIC)).allTopicNames().get(10, TimeUnit.SECONDS)
                        .get(TOPIC);
                return d.partitions().get(0);
            } catch (Exception e) {
                return null;
            }
        }, p -> p != null && done.test(p));
    }
}
