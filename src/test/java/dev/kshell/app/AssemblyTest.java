package dev.kshell.app;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.ExecutionMode;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.Output;
import dev.kshell.cli.Prompter;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.model.ExitCode;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.testsupport.FakeGateway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.shell.core.command.Command;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.CommandOption;
import org.springframework.shell.core.command.CommandRegistry;
import org.springframework.shell.core.command.ExitStatus;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;

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
 * {@code Assembly.commands}). Each is a Spring Shell command in the assembly's Spring Shell registry, and lines run
 * through Spring Shell's executor.
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

    /**
     * Every command kshell runs is a Spring Shell {@link Command} in the assembly's Spring Shell {@link CommandRegistry}
     * (found by each of its names, hidden ones too), and what Spring Shell reads of it is generated from its
     * declaration: the parser, help and completion read the same {@code CommandSpec}.
     */
    @Test
    void should_hold_every_command_as_a_spring_shell_command_in_its_registry() {
        try (Assembly assembly = assembly()) {
            CommandRegistry registry = assembly.registry();
            assertThat(assembly.parser().registry()).isSameAs(registry);
            assertThat(registry.getCommands()).containsExactlyInAnyOrderElementsOf(assembly.commands());
            for (KshellCommand command : assembly.commands()) {
                assertThat(command).isInstanceOf(Command.class);
                for (String name : command.spec().names()) {
                    assertThat(registry.getCommandByName(name)).as(name).isSameAs(command);
                    assertThat(assembly.parser().find(List.of(name.split(" ")))).as(name).containsSame(command);
                }
                assertThat(command.getName()).isEqualTo(command.spec().name());
                assertThat(command.getAliases()).isEqualTo(command.spec().aliases());
                assertThat(command.getGroup()).isEqualTo(command.spec().group().title());
                assertThat(command.getDescription()).isEqualTo(command.spec().description()).isNotBlank();
                assertThat(command.isHidden()).isEqualTo(command.spec().hidden());
                assertThat(command.getOptions()).extracting(CommandOption::longName)
                        .containsExactlyElementsOf(command.spec().allOptions().stream().map(OptionSpec::name).toList());
                assertThat(command.getHelp()).startsWith(command.spec().name() + " - ")
                        .contains("Usage: " + command.spec().usage());
            }
            assertThat(registry.getCommandByName("__complete")).as("a hidden command is still found").isNotNull();
        }
    }

    /**
     * A line runs through Spring Shell: its {@code CommandExecutor} calls {@link Command#execute(CommandContext)} with
     * a context holding the registry, Spring Shell's view of the line (kshell's grammar as the parser: a bare flag on a
     * two-word command, a negative value) and the executor's writer.
     */
    @Test
    void should_run_a_line_through_spring_shells_executor_and_context() {
        List<CommandContext> seen = new ArrayList<>();
        KshellCommand probe = new KshellCommand(CommandSpec.named("probe twice").description("records its context")
                .options(GlobalOptions.YES, Opt.integer("offset", "a number"))) {
            @Override
            public ExitStatus execute(CommandContext context) throws Exception {
                seen.add(context);
                return super.execute(context);
            }

            @Override
            public ExitCode execute(Invocation invocation) {
                return ExitCode.FINDINGS;
            }
        };
        CommandLineParser parser = CommandLineParser.forCommands(List.of(probe));
        CommandLineExecutor executor = new CommandLineExecutor(parser, new ShellSession(t -> new FakeGateway(
                FakeGateway.snapshot(null, List.of(), List.of()), t)));
        StringWriter out = new StringWriter();
        Output output = new Output(new PrintWriter(out), new PrintWriter(out), false, false, 0, false);

        CommandLineExecutor.LineResult result = executor.execute("probe twice --yes --offset -5 'a b'", output,
                Prompter.NONE, ExecutionMode.INTERACTIVE);

        assertThat(result.code()).as(out.toString()).isEqualTo(ExitCode.USAGE); // 'a b': probe takes no argument
        assertThat(seen).isEmpty();
        result = executor.execute("probe twice --yes --offset -5", output, Prompter.NONE, ExecutionMode.INTERACTIVE);
        assertThat(result.code()).as(out.toString()).isEqualTo(ExitCode.FINDINGS);
        assertThat(seen).hasSize(1);
        CommandContext context = seen.get(0);
        assertThat(context.commandRegistry()).isSameAs(parser.registry());
        assertThat(context.parsedInput().commandName()).isEqualTo("probe");
        assertThat(context.parsedInput().subCommands()).containsExactly("twice");
        assertThat(context.getOptionByLongName("yes").value()).isEqualTo("true");
        assertThat(context.getOptionByLongName("offset").value()).isEqualTo("-5");
        assertThat(parser.parse("probe twice -y --offset=-5").options()).extracting(CommandOption::longName)
                .containsExactly("yes", "offset");
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
