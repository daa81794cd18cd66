package dev.kshell.cli;

import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.WatchCommand;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.rules.Snapshots;
import dev.kshell.workflow.check.ProfileClusters;
import dev.kshell.workflow.check.TriageService;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code triage --all-profiles}: every profile's cluster at once, one line each, the worst exit code. */
@Timeout(60)
class FleetTriageCommandTest {

    static final String PROFILES = """
            good:
              bootstrap-servers: good-1:9092
            sick:
              bootstrap-servers: sick-1:9092
            down:
              bootstrap-servers: 127.0.0.1:1
            """;

    @TempDir
    Path home;

    /** Both judged clusters are asked at the same time: each waits here until the other has started. */
    private final CountDownLatch bothAsked = new CountDownLatch(2);
    private volatile boolean awaitBoth;
    /** Set when a judged cluster waited for the other in vain: they were asked one after the other. */
    private final java.util.concurrent.atomic.AtomicBoolean oneAfterTheOther = new java.util.concurrent.atomic.AtomicBoolean();
    private final ShellSession session = new ShellSession(t -> new FakeGateway(Snapshots.healthy()));
    private CommandLineExecutor executor;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void setUp() throws IOException {
        Files.writeString(home.resolve("profiles.yaml"), PROFILES);
        ProfileClusters profiles = new ProfileClusters(() -> home, this::gateway);
        executor = new CommandLineExecutor(CommandLineParser.forCommands(List.of(
                new TriageCommand(session, new TriageService(DiagnosisCommandsTest.ANSWERING), profiles),
                new WatchCommand(UxFixtures.provider(() -> executor)))), session);
    }

    private ClusterGateway gateway(ClusterTarget target) {
        if (target.bootstrapServers().startsWith("127.0.0.1:1")) {
            return new FakeGateway(Snapshots.healthy(), target) {
                @Override
                public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                    throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                            "no answer from 127.0.0.1:1 within 10s (is the address right, is it up?)");
                }
            };
        }
        ClusterSnapshot s = target.bootstrapServers().startsWith("good") ? Snapshots.healthy() : Snapshots.seedIncident();
        return new FakeGateway(s, target) {
            @Override
            public ClusterSnapshot snapshot(List<String> topics, boolean withConfigs) {
                bothAsked.countDown();
                try {
                    if (awaitBoth && !bothAsked.await(20, TimeUnit.SECONDS)) {
                        oneAfterTheOther.set(true);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return super.snapshot(topics, withConfigs);
            }
        };
    }

    private CommandLineExecutor.LineResult run(String line) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        Output output = new Output(new PrintWriter(out), new PrintWriter(err), line.contains("json"), false, 0, false);
        return executor.execute(line, output, Prompter.NONE, ExecutionMode.INTERACTIVE);
    }

    @Test
    void should_judge_every_profile_at_once_one_line_each_and_exit_4_when_one_is_unreachable() {
        awaitBoth = true;
        CommandLineExecutor.LineResult outcome = run("triage --all-profiles");
        assertThat(outcome.code()).isEqualTo(ExitCode.UNREACHABLE);
        // each judged cluster waited (up to 20 s) for the other to be asked: asked one after the other, the first
        // would have waited in vain
        assertThat(oneAfterTheOther).as("asked one after the other").isFalse();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("3 clusters: 1 healthy, 1 unavailable, 1 unreachable");
        assertThat(lines.get(1)).startsWith("PROFILE  VERDICT      NEXT");
        assertThat(lines.get(2)).startsWith("good     HEALTHY      -").endsWith("-");
        assertThat(lines.get(3)).startsWith("sick     UNAVAILABLE  leaderless").contains("leaderless");
        // kshell's row for a cluster whose connection failed (the failure's own text is the fake's: not asserted)
        assertThat(lines.get(4)).startsWith("down     UNREACHABLE  connect down");
        assertThat(out.toString()).contains("\n== sick (sick-1:9092): UNAVAILABLE\nUNAVAILABLE: 3 leaderless")
                .contains("\n== down (127.0.0.1:1): UNREACHABLE\nerror: ")
                .doesNotContain("== good").doesNotContain("Exception");
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void should_leave_the_session_and_its_health_mark_alone() {
        session.connect(FakeGateway.TARGET, "connected", null);
        assertThat(run("triage --profile sick --profile good").code()).isEqualTo(ExitCode.FINDINGS);
        assertThat(session.lastVerdict()).isEmpty();
    }

    @Test
    void should_give_the_same_content_as_json() {
        assertThat(run("triage --profile good --profile down --output json").code()).isEqualTo(ExitCode.UNREACHABLE);
        assertThat(out.toString()).contains("\"profile\" : \"good\"", "\"standing\" : \"HEALTHY\"",
                "\"profile\" : \"down\"", "\"standing\" : \"UNREACHABLE\"", "\"next\" : \"connect down\"");
    }

    @Test
    void should_redraw_under_watch() {
        Output terminal = new Output(new PrintWriter(out), new PrintWriter(err), false, false, 120, true);
        executor.execute("watch --interval 1s --count 2 triage --profile good --profile down", terminal, Prompter.NONE,
                ExecutionMode.INTERACTIVE);
        assertThat(out.toString()).contains("run 2/2");
        assertThat(out.toString().split("2 clusters: 1 healthy, 1 unreachable", -1)).hasSize(3);
    }

    @Test
    void should_exit_1_when_every_cluster_answers_and_one_is_sick() {
        assertThat(run("triage --profile good --profile sick").code()).isEqualTo(ExitCode.FINDINGS);
    }

    @Test
    void should_name_an_unknown_profile_as_a_usage_error() {
        assertThat(run("triage --profile goood").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("triage: no profile 'goood'").contains("did you mean 'good'?");
    }

    @Test
    void should_still_need_a_connection_without_profiles() {
        assertThat(run("triage").code()).isEqualTo(ExitCode.USAGE);
        assertThat(err.toString()).contains("triage needs a cluster").contains("--all-profiles");
    }

    @Test
    void should_never_judge_a_cluster_under_a_profile_pinned_to_another_id() throws IOException {
        String id = Snapshots.healthy().clusterId();
        Files.writeString(home.resolve("profiles.yaml"), PROFILES + """
                pinned:
                  bootstrap-servers: good-2:9092
                  expected-cluster-id: someone-elses-id
                mine:
                  bootstrap-servers: good-3:9092
                  expected-cluster-id: %s
                """.formatted(id));
        CommandLineExecutor.LineResult outcome = run("triage --profile pinned --profile mine");
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("2 clusters: 1 healthy, 1 wrong cluster");
        assertThat(out.toString()).containsPattern("(?m)^pinned +WRONG CLUSTER +profiles ")
                .containsPattern("(?m)^mine +HEALTHY ")
                .contains("profile 'pinned' is pinned to cluster id someone-elses-id, but good-2:9092 is cluster " + id
                        + ": not judged under this name")
                .doesNotContain("pinned   HEALTHY");
        assertThat(outcome.code()).isEqualTo(ExitCode.REFUSED);
    }
}
