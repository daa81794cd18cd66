package dev.kshell.app;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * What of Spring Shell kshell's runs load, read from the JVM's own class-loading log of a child kshell: its command
 * model (the registry, the executor, the context, the JLine input provider in the REPL), and none of the parts that
 * bring back a defect or a cost: its {@code Utils} (whose static initialiser starts Hibernate Validator, 0.25-0.4 s),
 * its help command, its completer, its stock runners, and no Spring context. Hibernate Validator, the EL and the
 * validation API are not on the class path at all.
 */
@Timeout(180)
class SpringShellBoundaryTest {

    /** Spring Shell's parts kshell never runs (docs/architecture.md, "Spring Shell: whose part is where"). */
    private static final List<String> NEVER = List.of("org.springframework.shell.core.utils.Utils ",
            "org.springframework.shell.core.command.Help ", "org.springframework.shell.jline.CommandCompleter ",
            "org.springframework.shell.core.InteractiveShellRunner ",
            "org.springframework.shell.core.NonInteractiveShellRunner ",
            "org.springframework.shell.core.command.DefaultCommandParser ",
            "org.springframework.context.support.", "org.springframework.context.annotation.",
            "org.springframework.beans.factory.support.", "org.hibernate.", "jakarta.validation.", "reactor.core.");

    @TempDir
    Path home;

    @Test
    void should_keep_hibernate_validator_and_the_el_off_the_class_path() {
        assertThatThrownBy(() -> Class.forName("org.hibernate.validator.HibernateValidator"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("jakarta.validation.Validation"))
                .isInstanceOf(ClassNotFoundException.class);
        assertThatThrownBy(() -> Class.forName("jakarta.el.ExpressionFactory"))
                .isInstanceOf(ClassNotFoundException.class);
    }

    @Test
    void should_run_one_shot_commands_through_spring_shells_command_model_only() throws Exception {
        // the first three run a command (help too: Spring Shell's AbstractCommand answers it with kshell's text), the
        // last two are refused by kshell's grammar before any command runs
        List<List<String>> lines = List.of(List.of("help"), List.of("elect", "preferred", "--help"),
                List.of("__complete", "--", "elect", "pre"), List.of("frobnicate"), List.of("quorum", "--timeout", "-5s"));
        for (int i = 0; i < lines.size(); i++) {
            List<String> words = lines.get(i);
            String loaded = run(words, "");
            assertThat(loaded).as(String.join(" ", words))
                    .contains("org.springframework.shell.core.command.CommandExecutor ");
            if (i < 3) {
                assertThat(loaded).as(String.join(" ", words))
                        .contains("org.springframework.shell.core.command.CommandContext ");
            }
            NEVER.forEach(name -> assertThat(loaded).as(String.join(" ", words)).doesNotContain(name));
        }
    }

    @Test
    void should_read_the_repl_through_spring_shells_jline_input_provider_only() throws Exception {
        String loaded = run(List.of(), "help\nfrobnicate\nelect preferred --yes\nelect preferred --help\nexit\n");
        assertThat(loaded).contains("org.springframework.shell.jline.JLineInputProvider ")
                .contains("org.springframework.shell.core.command.CommandExecutor ");
        NEVER.forEach(name -> assertThat(loaded).doesNotContain(name));
        assertThat(loaded).doesNotContain("org.springframework.shell.jline.JLineShellRunner ");
    }

    /** Runs kshell in a child JVM (stdin from {@code input}) and returns its class-loading log. */
    private String run(List<String> words, String input) throws Exception {
        Path log = Files.createTempFile(home, "classes", ".log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + log, "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Dkshell.home=" + home, "-cp", System.getProperty("java.class.path"),
                KshellApplication.class.getName()));
        command.addAll(words);
        ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.to(new File(home.toFile(), "output.txt")));
        pb.environment().remove("KSHELL_AUDIT_FILE");
        Process process = pb.start();
        try (OutputStream in = process.getOutputStream()) {
            in.write(input.getBytes(StandardCharsets.UTF_8));
        }
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("kshell " + words + " ended").isTrue();
        return Files.readString(log, StandardCharsets.UTF_8);
    }
}
