package dev.kshell;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaMethodCall;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import dev.kshell.testsupport.Integration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The suite's two layers hold by construction (docs/testing.md): a test class that reaches a Kafka node, a real
 * terminal or the release is tagged {@code @Integration} (so {@code mvn test} never starts one), and a class that
 * freezes the shared cluster for a cluster of its own never uses the shared one (its result would depend on which
 * class ran first). What a class reaches is read from its compiled code (its own and its nested classes' calls and
 * dependencies), and whether it is tagged from its annotations, so that neither a comment nor a helper in between
 * hides it.
 */
@Timeout(120)
class TestLayersTest {

    /** Classes whose use starts a cluster or drives a terminal: the clusters, tmux and its screens. */
    static final Set<String> SECOND_LAYER_CLASSES = Set.of(
            "dev.kshell.testsupport.SharedCluster", "dev.kshell.testsupport.MatrixCluster",
            "dev.kshell.testsupport.TlsCluster", "dev.kshell.testsupport.SaslCluster",
            "dev.kshell.testsupport.Tmux", "dev.kshell.testsupport.Screens", "dev.kshell.sandbox.LocalCluster");
    /** Calls that start a cluster from a class that is otherwise first-layer (a never-started Sandbox is fine). */
    static final Set<String> STARTING_CALLS = Set.of("dev.kshell.sandbox.Sandbox.start",
            "dev.kshell.sandbox.Sandbox.startLoad", "dev.kshell.app.SandboxLauncher.startAndConnect");
    /** What the compiled code does not show: a pty through script(1), the release tarball. */
    static final Pattern SECOND_LAYER_TEXT = Pattern.compile("\"/usr/bin/script\"|kshell\\.release\\.tarball");
    private static final Path TESTS = Path.of("src/test/java");

    private static JavaClasses tests;

    @BeforeAll
    static void importTestClasses() {
        tests = new ClassFileImporter().withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS)
                .importPackages("dev.kshell");
    }

    @Test
    void should_tag_every_class_that_reaches_a_cluster_a_terminal_or_the_release() {
        List<String> untagged = testClasses().filter(TestLayersTest::reachesTheSecondLayer)
                .filter(c -> !c.reflect().isAnnotationPresent(Integration.class)).map(JavaClass::getName).toList();
        assertThat(untagged).as("test classes that start Kafka, drive a terminal or run the release without "
                + "@Integration (they would run in `mvn test`)").isEmpty();
    }

    @Test
    void should_never_freeze_the_shared_cluster_in_a_class_that_uses_it() {
        List<String> both = testClasses().filter(c -> uses(c, "dev.kshell.testsupport.SharedCluster$Frozen")
                && calls(c, "dev.kshell.testsupport.SharedCluster", Set.of("get", "admin", "ensureAllRunning")))
                .map(JavaClass::getName).toList();
        assertThat(both).as("a frozen shared cluster refuses get(): such a class passes only when it runs first").isEmpty();
    }

    @Test
    void should_recognise_what_it_looks_for() {
        // not vacuous: known second-layer classes are seen as such, and a fast one is not
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.it.SaslAclIntegrationTest"))).isTrue();
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.it.TerminalEndToEndTest"))).isTrue();
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.it.ReleaseLayoutIntegrationTest"))).isTrue();
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.cli.SandboxCommandsTest"))).isFalse();
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.app.SandboxRecordsTest"))).isFalse();
        assertThat(reachesTheSecondLayer(tests.get("dev.kshell.TestLayersTest"))).isFalse();
        assertThat(testClasses().count()).isGreaterThan(150);
    }

    /** Top-level test classes (helpers such as a probe's main are run by a tagged class). */
    private static Stream<JavaClass> testClasses() {
        return tests.stream().filter(JavaClass::isTopLevelClass).filter(c -> c.getSimpleName().endsWith("Test"))
                .filter(c -> !c.getPackageName().equals("dev.kshell.testsupport"))
                .filter(c -> !c.getName().equals(TestLayersTest.class.getName()));
    }

    static boolean reachesTheSecondLayer(JavaClass c) {
        return SECOND_LAYER_CLASSES.stream().anyMatch(target -> uses(c, target))
                || STARTING_CALLS.stream().anyMatch(call -> calls(c, call.substring(0, call.lastIndexOf('.')),
                Set.of(call.substring(call.lastIndexOf('.') + 1))))
                || SECOND_LAYER_TEXT.matcher(source(c)).find();
    }

    /** The class or one of its nested classes depends on {@code target} (a call, a field, a type, an annotation). */
    private static boolean uses(JavaClass c, String target) {
        return family(c).anyMatch(k -> k.getDirectDependenciesFromSelf().stream()
                .anyMatch(d -> d.getTargetClass().getName().equals(target)));
    }

    private static boolean calls(JavaClass c, String owner, Set<String> methods) {
        return family(c).anyMatch(k -> k.getMethodCallsFromSelf().stream().anyMatch((JavaMethodCall m) ->
                m.getTargetOwner().getName().equals(owner) && methods.contains(m.getName())));
    }

    private static Stream<JavaClass> family(JavaClass c) {
        return tests.stream().filter(k -> k.equals(c) || k.getName().startsWith(c.getName() + "$"));
    }

    private static String source(JavaClass c) {
        Path file = TESTS.resolve(c.getName().replace('.', '/') + ".java");
        try {
            return Files.exists(file) ? Files.readString(file) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

}
