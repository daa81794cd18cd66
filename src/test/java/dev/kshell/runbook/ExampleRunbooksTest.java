package dev.kshell.runbook;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.kshell.model.ExitCode;
import java.util.concurrent.atomic.AtomicInteger;

/** The shipped runbooks parse against the command contract and run, in a dry run, over fakes. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ExampleRunbooksTest {

    static final Path DIR = Path.of("scripts/runbooks");

    @TempDir
    Path tmp;

    static Stream<Path> examples() throws IOException {
        return Files.list(DIR).filter(p -> p.toString().endsWith(".ksh")).sorted();
    }

    @Test
    void should_ship_the_three_examples() throws IOException {
        assertThat(examples().map(p -> p.getFileName().toString()))
                .containsExactly("broker-down.ksh", "restore-preferred.ksh", "triage.ksh");
    }

    @ParameterizedTest
    @MethodSource("examples")
    void should_parse_cleanly(Path file) throws IOException {
        ParseResult r = new RunbookParser().parse(file.toString(), Files.readString(file), Map.of(),
                new FakeCatalog());
        assertThat(r.renderErrors()).isEmpty();
        assertThat(r.runbook().steps()).isNotEmpty();
        assertThat(r.runbook().allowUnclean()).isFalse();
    }

    @ParameterizedTest
    @MethodSource("examples")
    void should_run_healthy_in_a_dry_run_and_mutate_nothing(Path file) throws IOException {
        Runbook rb = new RunbookParser().parse(file.toString(), Files.readString(file), Map.of(),
                new FakeCatalog()).runbook();
        List<StepContext> sent = new ArrayList<>();
        StepRunner runner = (line, opts) -> {
            sent.add(opts);
            Object model = line.startsWith("triage") ? Map.of("verdict", "HEALTHY")
                    : Map.of("total", 0, "partitions", List.of());
            return new StepOutcome(0, "", model);
        };
        ClusterView healthy = new ExpressionEvaluatorTest.FakeCluster(new AtomicInteger(),
                List.of());
        StringWriter out = new StringWriter();
        RunResult result = new RunbookExecutor(runner, new RunbookExecutorTest.FakePrompter(false), () -> healthy,
                new PrintWriter(out), Clock.systemUTC(), d -> { }, tmp)
                .execute(rb, new RunbookOptions(Map.of(), true, false, false, null));
        assertThat(result.exitCode()).as(out.toString()).isEqualTo(ExitCode.OK);
        assertThat(sent).isNotEmpty().allSatisfy(o -> assertThat(o.dryRun()).isTrue());
    }
}
