package dev.kshell.it;

import dev.kshell.cli.commands.FeaturesCommand;
import dev.kshell.cli.commands.RadarCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.model.ExitCode;
import dev.kshell.testsupport.Await;
import dev.kshell.testsupport.Configs;
import dev.kshell.testsupport.Integration;
import dev.kshell.testsupport.SharedCluster;
import dev.kshell.testsupport.ShellHarness;
import dev.kshell.testsupport.TlsCluster;
import dev.kshell.workflow.check.ProfileClusters;
import dev.kshell.workflow.check.TriageService;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.FeatureUpdate;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.UpdateFeaturesOptions;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.config.ConfigResource;
import org.apache.kafka.common.errors.InvalidUpdateVersionException;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Issue 45's done-when on a real TLS cluster (4.4, brokers on SSL, a test CA): brokers presenting a certificate valid
 * for 5 more days make triage exit 1 naming the expiry in days with the brokers and the listener, radar's JSON
 * carries each certificate's not-after (the keystore's own, read with the JDK), fleet triage over a profile of the
 * cluster shows it; the certificate renewed for 30 days (a new keystore reloaded by each broker at run time, as an
 * operator does) and triage says HEALTHY. The same cluster holds a topic whose producer stamps records a day ahead
 * (Kafka 4.4 refuses that by default: the topic allows it), and Kafka's own downgrade answer is the oracle of the
 * metadata.version trap.
 */
@Integration
@Timeout(900)
@ExtendWith(SharedCluster.Frozen.class) // its own six JVMs: the shared cluster's are frozen meanwhile
@TestMethodOrder(MethodOrderer.OrderAnnotation.class) // the certificate is renewed in the last test
class RadarTlsIntegrationTest {

    private static final String AHEAD = "radar-ahead";
    private static TlsCluster tls;
    private static Admin admin;
    private static RecordMetadata stampedAhead;

    @TempDir
    Path home;

    @BeforeAll
    static void start() throws Exception {
        tls = TlsCluster.builder().validityDays(5).start();
        Map<String, Object> client = tls.adminConfig();
        admin = Admin.create(client);
        admin.createTopics(List.of(new NewTopic(AHEAD, 3, (short) 3).configs(Map.of(
                "message.timestamp.after.max.ms", String.valueOf(Duration.ofDays(7).toMillis())))))
                .all().get(60, TimeUnit.SECONDS);
        Await.until(AHEAD + " described", Duration.ofSeconds(60), () -> {
            try {
                return admin.describeTopics(List.of(AHEAD)).allTopicNames().get(10, TimeUnit.SECONDS).size();
            } catch (Exception e) {
                return 0;
            }
        }, n -> n == 1);
        try (KafkaProducer<String, String> producer = new KafkaProducer<>(client, new StringSerializer(),
                new StringSerializer())) {
            long dayAhead = System.currentTimeMillis() + Duration.ofDays(1).toMillis();
            stampedAhead = producer.send(new ProducerRecord<>(AHEAD, 0, dayAhead, "k", "ahead")).get(60,
                    TimeUnit.SECONDS);
            producer.send(new ProducerRecord<>(AHEAD, 1, System.currentTimeMillis(), "k", "now")).get(60,
                    TimeUnit.SECONDS);
        }
    }

    @AfterAll
    static void stop() {
        if (admin != null) {
            admin.close(Duration.ofSeconds(5));
        }
        if (tls != null) {
            tls.close();
        }
    }

    private ShellHarness shell() {
        ProfileClusters profiles = new ProfileClusters(() -> home, AdminClientGateway::new);
        ShellHarness shell = new ShellHarness(s -> List.of(new TriageCommand(s, new TriageService(), profiles),
                new RadarCommand(s), new FeaturesCommand(s)));
        shell.session.connect(new ClusterTarget(tls.cluster().bootstrapServers(), null, tls.clientProperties(),
                Duration.ofSeconds(15)), "tls", null);
        return shell;
    }

    /** The brokers' certificate as the keystore holds it (the oracle of the not-after radar reads off the wire). */
    private static X509Certificate keystoreCertificate(Path keystore) throws Exception {
        KeyStore ks = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            ks.load(in, "kshell-test".toCharArray());
        }
        return (X509Certificate) ks.getCertificate("kafka");
    }

    @Test
    @Order(1)
    void should_exit_1_in_triage_naming_the_expiry_in_days_with_the_brokers_and_listener() {
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[radar-tls] triage, 5-day certificate\n" + r.out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(r.out()).startsWith("DEGRADED: 3 registered: 4, 5, 6 live; certificate of brokers 4, 5, 6 "
                    + "(listener PLAINTEXT) expires in 5 days; 1 time risk\nnext: radar\n");
            assertThat(r.out()).contains("warning brokers 4, 5, 6, listener PLAINTEXT: the certificate CN=localhost "
                    + "expires in 5 days");
            // the records stamped a day ahead: step 6, counted, not the verdict
            assertThat(r.out()).contains("warning topic " + AHEAD + ": 1 of 2 partitions read holds records stamped "
                    + "more than 1 h ahead");
        }
    }

    @Test
    @Order(2)
    void should_carry_each_certificates_not_after_in_radars_json() throws Exception {
        Instant notAfter = keystoreCertificate(tls.dir().resolve("keystore.p12")).getNotAfter().toInstant();
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("radar --output json");
            System.out.println("[radar-tls] radar\n" + shell.run("radar").out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            JsonNode json = r.json();
            List<Integer> brokers = new ArrayList<>();
            for (JsonNode c : json.get("certificates")) {
                if (c.get("role").asString().equals("broker")) {
                    brokers.add(c.get("nodeId").asInt());
                    assertThat(Instant.parse(c.get("notAfter").asString())).isEqualTo(notAfter);
                    assertThat(c.get("daysLeft").asInt()).isEqualTo(5);
                    assertThat(c.get("listener").asString()).isEqualTo("PLAINTEXT");
                    assertThat(c.get("hostMatches").asBoolean()).isTrue();
                    assertThat(c.get("issuer").asString()).isEqualTo("CN=kshell-test-ca");
                } else {
                    assertThat(c.get("tls").asBoolean()).as("the controllers' listener is PLAINTEXT").isFalse();
                }
            }
            assertThat(brokers).containsExactlyInAnyOrder(4, 5, 6);
            JsonNode ahead = json.get("futureTimestamps").get(0);
            assertThat(ahead.get("topic").asString()).isEqualTo(AHEAD);
            assertThat(ahead.get("timestampType").asString()).isEqualTo("CreateTime");
            assertThat(ahead.get("newest").asString()).isEqualTo(AHEAD + "-0 offset " + stampedAhead.offset());
            assertThat(Instant.parse(ahead.get("newestAt").asString()).toEpochMilli())
                    .isEqualTo(stampedAhead.timestamp());
        }
    }

    @Test
    @Order(3)
    void should_show_the_expiry_in_fleet_triage_over_a_profile_of_the_cluster() throws Exception {
        StringBuilder yaml = new StringBuilder("tls-five-days:\n  bootstrap-servers: "
                + tls.cluster().bootstrapServers() + "\n  properties:\n");
        tls.clientProperties().forEach((k, v) -> yaml.append("    ").append(k).append(": ").append(v).append('\n'));
        Files.writeString(home.resolve("profiles.yaml"), yaml.toString());
        try (ShellHarness shell = shell()) {
            ShellHarness.Result r = shell.run("triage --profile tls-five-days");
            System.out.println("[radar-tls] fleet triage\n" + r.out());
            assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
            assertThat(r.out()).startsWith("1 cluster: 1 degraded\n").contains("tls-five-days  DEGRADED  radar")
                    .contains("brokers 4, 5, 6, listener PLAINTEXT: the certificate CN=localhost expires in 5 days");
        }
    }

    @Test
    @Order(4)
    void should_say_the_metadata_version_trap_as_kafka_answers_a_downgrade() throws Exception {
        try (ShellHarness shell = shell()) {
            JsonNode mv = null;
            for (JsonNode f : shell.run("radar --output json").json().get("features")) {
                mv = f.get("feature").asString().equals("metadata.version") ? f : mv;
            }
            assertThat(mv).isNotNull();
            short level = (short) mv.get("level").asInt();
            // kshell: no way back from this level; Kafka, asked to validate a downgrade of one level, refuses it
            assertThat(mv.get("lowest").asInt()).isEqualTo(level);
            ExecutionException refused = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> admin.updateFeatures(Map.of("metadata.version", new FeatureUpdate((short) (level - 1),
                            FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions().validateOnly(true))
                            .all().get(60, TimeUnit.SECONDS));
            assertThat(refused.getCause()).isInstanceOf(InvalidUpdateVersionException.class)
                    .hasMessageContaining("might delete metadata information");
            // a feature kshell says can go back: Kafka validates its downgrade to 0
            admin.updateFeatures(Map.of("transaction.version", new FeatureUpdate((short) 0,
                    FeatureUpdate.UpgradeType.SAFE_DOWNGRADE)), new UpdateFeaturesOptions().validateOnly(true))
                    .all().get(60, TimeUnit.SECONDS);
            System.out.println("[radar-tls] features\n" + shell.run("features").out());
        }
    }

    @Test
    @Order(5)
    void should_say_healthy_once_the_brokers_present_a_certificate_valid_for_30_days() throws Exception {
        Path renewed = tls.issue(30, "IP:127.0.0.1,DNS:localhost");
        for (int broker = 4; broker <= 6; broker++) {
            Configs.alter(admin, new ConfigResource(ConfigResource.Type.BROKER, String.valueOf(broker)),
                    "listener.name.plaintext.ssl.keystore.location", renewed.toString());
        }
        Instant notAfter = keystoreCertificate(renewed).getNotAfter().toInstant();
        try (ShellHarness shell = shell()) {
            // each broker reloads its keystore when it applies the change: wait until all three present the new one
            Await.until("brokers 4, 5, 6 present the renewed certificate", Duration.ofSeconds(120),
                    () -> shell.run("radar --output json").json().get("certificates"), certs -> {
                        int renewedCount = 0;
                        for (JsonNode c : certs) {
                            if (c.get("role").asString().equals("broker") && c.get("notAfter") != null
                                    && !c.get("notAfter").isNull()
                                    && Instant.parse(c.get("notAfter").asString()).equals(notAfter)) {
                                renewedCount++;
                            }
                        }
                        return renewedCount == 3;
                    });
            ShellHarness.Result r = shell.run("triage");
            System.out.println("[radar-tls] triage, 30-day certificate\n" + r.out());
            assertThat(r.code()).isEqualTo(ExitCode.OK);
            assertThat(r.out()).startsWith("HEALTHY, 1 time risk\n").doesNotContain("certificate");
        }
    }
}
