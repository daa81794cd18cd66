package dev.kshell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import java.io.UncheckedIOException;

/**
 * The suite's two layers hold by construction (docs/testing.md): a test class that reaches a Kafka node, a real
 * terminal or the release is tagged {@code @Integration} (so {@code mvn test} never starts one), and a class that
 * freezes the shared cluster for a cluster of its own never uses the shared one (its result would depend on which
 * class ran first).
 */
@Timeout(60)
class TestLayersTest {

    private static final Path TESTS = Path.of("src/test/java");
    /** What only the integration layer may touch: the clusters, tmux, a pty, the release. */
    static final Pattern SECOND_LAYER = Pattern.compile(
            "SharedCluster\\.(get|admin|ensureAllRunning)|MatrixCluster\\.|new TlsCluster|TlsCluster\\.|new LocalCluster"
                    + "|LocalCluster\\.start|Required\\.tmux\\(|List\\.of\\(\"tmux\"|Tmux\\.(run|available)|\"/usr/bin/script\"|kshell\\.release\\.tarball");
    private static final Pattern USES_SHARED = Pattern.compile("SharedCluster\\.(get|admin|ensureAllRunning)\\(");

    @Test
    void should_tag_every_class_that_reaches_a_cluster_a_terminal_or_the_release() throws IOException {
        List<String> untagged = testSources().filter(f -> !f.startsWith(TESTS.resolve("dev/kshell/testsupport")))
                .filter(f -> SECOND_LAYER.matcher(read(f)).find() && !read(f).contains("@Integration"))
                .map(Path::toString).toList();
        assertThat(untagged).as("test classes that start Kafka, drive a terminal or run the release without "
                + "@Integration (they would run in `mvn test`)").isEmpty();
    }

    @Test
    void should_never_freeze_the_shared_cluster_in_a_class_that_uses_it() throws IOException {
        List<String> both = testSources().filter(f -> read(f).contains("SharedCluster.Frozen.class")
                && USES_SHARED.matcher(read(f)).find()).map(Path::toString).toList();
        assertThat(both).as("a frozen shared cluster refuses get(): such a class passes only when it runs first").isEmpty();
    }

    @Test
    void should_recognise_what_it_looks_for() {
        // the rules above are only as good as this pattern: it must see each way a test reaches the second layer
        assertThat(List.of("SharedCluster.get()", "MatrixCluster.of(v)", "new LocalCluster(spec)", "Tmux.run(socket, \"new-session\")",
                "new ProcessBuilder(\"/usr/bin/script\"", "System.getProperty(\"kshell.release.tarball\")"))
                .allMatch(s -> SECOND_LAYER.matcher(s).find());
        assertThat(SECOND_LAYER.matcher("Tmux.shellLine(List.of(java))").find()).isFalse();
    }

    private static Stream<Path> testSources() throws IOException {
        // test classes only (helpers such as a probe's main are run by a tagged class); not this file, which names them
        return Files.walk(TESTS).filter(f -> f.toString().endsWith("Test.java"))
                .filter(f -> !f.getFileName().toString().equals("TestLayersTest.java")).toList().stream();
    }

    private static String read(Path f) {
        try {
            return Files.readString(f);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
