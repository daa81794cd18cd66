package dev.kshell.cli;

import dev.kshell.cli.commands.FeaturesCommand;
import dev.kshell.cli.commands.RadarCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;
import dev.kshell.render.Json;
import dev.kshell.rules.Snapshots;
import dev.kshell.testsupport.FakeGateway;
import dev.kshell.workflow.check.ProfileClusters;
import dev.kshell.workflow.check.TriageService;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code radar}, and the radar in {@code triage} and fleet triage, over a fake gateway whose listeners present the
 * certificates a test gives: exit 1 when something is due, the expiry named in days with the brokers and listener,
 * each certificate's not-after in the JSON, the profile's windows.
 */
@Timeout(60)
class RadarCommandsTest {

    @TempDir
    Path home;

    private FakeGateway gateway = new FakeGateway(Snapshots.healthy());
    private final ShellSession session = new ShellSession(t -> gateway);
    private CommandLineExecutor executor;
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(home.resolve("profiles.yaml"), """
                strict:
                  bootstrap-servers: b4:9092
                  cert-warn-days: 40
                sick:
                  bootstrap-servers: sick:9092
                good:
                  bootstrap-servers: good:9092
                """);
        ProfileClusters profiles = new ProfileClusters(() -> home, this::profileGateway);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(new RadarCommand(session),
                new FeaturesCommand(session), new TriageCommand(session,
                        new TriageService(DiagnosisCommandsTest.ANSWERING, Duration.ZERO), profiles))), session);
        session.connect(FakeGateway.TARGET, "fake", null);
    }

    private ClusterGateway profileGateway(ClusterTarget target) {
        FakeGateway g = new FakeGateway(Snapshots.healthy(), target);
        presentCertificates(g, target.bootstrapServers().startsWith("sick") ? 5 : 30);
        return g;
    }

    /** Brokers 4, 5, 6 (b4:9092 ...) present one certificate, valid {@code days} more days, for their host names. */
    private static void presentCertificates(FakeGateway g, int days) {
        PresentedChain.Certificate cert = new PresentedChain.Certificate("CN=kafka", "CN=test-ca",
                List.of("DNS:b4", "DNS:b5", "DNS:b6"), Instant.now().minus(Duration.ofDays(300)),
                Instant.now().plus(Duration.ofDays(days)).minusSeconds(60), "1f", "aa");
        for (int id = 4; id <= 6; id++) {
            g.radar.chains.put("b" + id + ":9092", new PresentedChain(id, "broker", null, "b" + id + ":9092",
                    "b" + id, true, List.of(cert), null));
        }
    }

    private CommandLineExecutor.LineResult run(String line) {
        out = new StringWriter();
        err = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), line.contains("json"), false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_exit_1_and_name_a_certificate_that_expires_in_5_days_with_its_brokers() {
        presentCertificates(gateway, 5);

        CommandLineExecutor.LineResult r = run("radar");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("this cluster: 1 due: certificate-expiring\n")
                .contains("warning brokers 4, 5, 6, the listener this connection uses: the certificate CN=kafka "
                        + "expires in 5 days");
    }

    @Test
    void should_carry_each_certificates_not_after_in_the_json() throws Exception {
        presentCertificates(gateway, 5);

        run("radar --output json");

        JsonNode json = Json.mapper().readTree(out.toString());
        assertThat(json.get("certificates")).hasSize(3);
        for (JsonNode c : json.get("certificates")) {
            assertThat(Instant.parse(c.get("notAfter").asString())).isAfter(Instant.now().plus(Duration.ofDays(4)));
            assertThat(c.get("daysLeft").asInt()).isEqualTo(5);
            assertThat(c.get("hostMatches").asBoolean()).isTrue();
        }
        assertThat(json.get("findings").get(0).get("rule").asString()).isEqualTo("certificate-expiring");
    }

    @Test
    void should_exit_0_when_nothing_is_due() {
        presentCertificates(gateway, 30);

        CommandLineExecutor.LineResult r = run("radar");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("this cluster: nothing due\n");
    }

    @Test
    void should_make_triage_degraded_and_name_the_expiry_on_the_brokers_step() {
        presentCertificates(gateway, 5);

        CommandLineExecutor.LineResult r = run("triage");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).startsWith("DEGRADED: 3 registered: 4, 5, 6 live; certificate of brokers 4, 5, 6 "
                + "(the listener this connection uses) expires in 5 days\nnext: radar\n");
    }

    @Test
    void should_leave_triage_healthy_with_a_certificate_valid_for_30_days() {
        presentCertificates(gateway, 30);

        CommandLineExecutor.LineResult r = run("triage");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).startsWith("HEALTHY\n");
    }

    @Test
    void should_take_the_certificate_windows_from_the_profile() {
        presentCertificates(gateway, 30);
        session.connectChecked(new DefaultConnectionResolver(home).resolve(new ConnectionRequest(null, null, null,
                "strict", null), Duration.ofSeconds(5)), false);

        CommandLineExecutor.LineResult r = run("triage");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(out.toString()).contains("expires in 30 days");
    }

    @Test
    void should_show_the_certificate_per_profile_in_fleet_triage() {
        CommandLineExecutor.LineResult r = run("triage --profile sick --profile good");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("2 clusters: 1 healthy, 1 degraded");
        assertThat(lines.get(2)).startsWith("sick     DEGRADED  radar").contains("brokers 4, 5, 6, the listener this "
                + "connection uses: the certificate CN=kafka expires in 5 days");
        assertThat(lines.get(3)).startsWith("good     HEALTHY");
    }

    @Test
    void should_say_a_release_without_the_newest_record_times_in_a_sentence() {
        gateway.radar.maxTimestampsUnsupported = "Kafka 2.8 has no max-timestamp listOffsets (KIP-734, Kafka 3.0): "
                + "the newest record times cannot be read";

        CommandLineExecutor.LineResult r = run("radar");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("\nNot read\n").contains("\n  Kafka 2.8 has no max-timestamp listOffsets");
    }

    @Test
    void should_read_the_newest_record_times_of_the_partitions_asked_for() {
        gateway.radar.nowMs = System.currentTimeMillis();
        gateway.radar.newest.put(new PartitionSpec("orders", 1), new RadarReads.RecordTime(7,
                System.currentTimeMillis() + Duration.ofDays(1).toMillis()));

        CommandLineExecutor.LineResult r = run("radar --partitions 8");

        assertThat(r.code()).isEqualTo(ExitCode.FINDINGS);
        // the brokers' own topic first (6 partitions), then each topic's partitions in turn
        assertThat(gateway.radar.asked).extracting(PartitionSpec::name).endsWith("orders-0", "orders-1").hasSize(8);
        assertThat(gateway.radar.asked.subList(0, 6)).extracting(PartitionSpec::topic).containsOnly(
                "__consumer_offsets");
        assertThat(out.toString()).contains("warning topic orders: 1 of 1 partition read holds records stamped "
                + "more than 1 h ahead");
    }

    @Test
    void should_refuse_a_sample_of_no_partitions() {
        CommandLineExecutor.LineResult r = run("radar --partitions 0");

        assertThat(r.code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("--partitions needs 1 or more");
    }

    @Test
    void should_show_in_features_what_can_no_longer_be_downgraded() {
        CommandLineExecutor.LineResult r = run("features");

        assertThat(r.code()).isEqualTo(ExitCode.OK);
        assertThat(out.toString()).contains("Finalized features\nFEATURE           LEVEL    LOWEST IT CAN GO BACK TO")
                .contains("metadata.version  4.2-IV1  4.0-IV1")
                .contains("Kafka would downgrade it to 4.0-IV1 at the lowest");
    }
}
