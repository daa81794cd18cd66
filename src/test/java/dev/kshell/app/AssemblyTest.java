package dev.kshell.app;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The composition root makes every command there is: a command class that {@link Assembly} does not make would
 * compile, pass its own tests and be missing from the shell. This finds every concrete {@link KshellCommand} among the
 * compiled main classes and names those the assembly lacks (after a merge: add one line to
 * {@code Assembly.commands}).
 */
@Timeout(120)
class AssemblyTest {

    @TempDir
    Path home;

    @Test
    void should_make_every_command_class_of_src_main() {
        Set<String> declared = new ClassFileImporter().importPath(Path.of("target/classes")).stream()
                .filter(c -> c.isAssignableTo(KshellCommand.class) && !c.getName().equals(KshellCommand.class.getName()))
                .filter(c -> !c.getModifiers().contains(JavaModifier.ABSTRACT))
                .map(JavaClass::getName).collect(Collectors.toCollection(TreeSet::new));
        assertThat(declared).as("KshellCommand classes found in target/classes").hasSizeGreaterThan(30);
        try (Assembly assembly = assembly()) {
            Set<String> made = assembly.commands().stream().map(c -> c.getClass().getName())
                    .collect(Collectors.toCollection(TreeSet::new));
            Set<String> missing = new TreeSet<>(declared);
            missing.removeAll(made);
            assertThat(missing).as("command classes that app.Assembly does not make: add each to Assembly.commands "
                    + "(and drop any @Component: nothing scans for it)").isEmpty();
        }
    }

    @Test
    void should_make_each_command_name_once() {
        try (Assembly assembly = assembly()) {
            Map<String, Long> names = assembly.commands().stream().flatMap(c -> c.spec().names().stream())
                    .collect(Collectors.groupingBy(Function.identity(), Collectors.counting()));
            assertThat(names).as("command names and aliases made more than once")
                    .allSatisfy((name, count) -> assertThat(count).as(name).isEqualTo(1L));
        }
    }

    @Test
    void should_give_the_parser_and_the_executor_the_commands_it_made() {
        try (Assembly assembly = assembly()) {
            List<KshellCommand> commands = assembly.commands();
            assertThat(assembly.parser().commands()).containsExactlyElementsOf(commands);
            assertThat(assembly.executor().parser()).isSameAs(assembly.parser());
            assertThat(assembly.parser().find(List.of("sandbox", "kill-broker"))).isPresent();
            assertThat(assembly.parser().find(List.of("quorum", "add-controller"))).isPresent();
            assertThat(assembly.parser().find(List.of("help"))).isPresent();
        }
    }

    @Test
    void should_close_the_session_with_the_assembly() {
        ShellSession session = new ShellSession(t -> new FakeGateway(FakeGateway.snapshot(null, List.of(), List.of()), t));
        Assembly assembly = new Assembly(session, new Sandbox(AdminClientGateway::new), () -> home);
        session.connect(FakeGateway.TARGET, "fake", null);
        assertThat(session.connection()).isPresent();
        assembly.close();
        assembly.close(); // idempotent: the shutdown hook and the normal end may both close it
        assertThat(session.connection()).isEmpty();
    }

    private Assembly assembly() {
        return new Assembly(new ShellSession(t -> new FakeGateway(FakeGateway.snapshot(null, List.of(), List.of()), t)), new Sandbox(AdminClientGateway::new), () -> home);
    }
}
