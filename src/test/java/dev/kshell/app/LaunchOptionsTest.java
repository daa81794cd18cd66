package dev.kshell.app;

import dev.kshell.cli.UsageException;
import dev.kshell.grammar.OptionSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The launcher's options, walked by the grammar from their declaration. */
@Timeout(10)
class LaunchOptionsTest {

    @Test
    void should_read_leading_options_and_leave_the_command_with_its_own_options() {
        LaunchOptions o = LaunchOptions.parse(new String[]{"--bootstrap-server", "h1:9092", "-o", "json", "--timeout=3s",
                "-y", "leaderless", "--topic", "orders", "--output", "table"});
        assertThat(o.connection().bootstrapServers()).isEqualTo("h1:9092");
        assertThat(o.json()).isTrue();
        assertThat(o.yes()).isTrue();
        assertThat(o.timeout()).isEqualTo(Duration.ofSeconds(3));
        assertThat(o.command()).containsExactly("leaderless", "--topic", "orders", "--output", "table");
    }

    @Test
    void should_refuse_bad_options_in_one_line() {
        assertThatThrownBy(() -> LaunchOptions.parse(new String[]{"--bootstrap-servers", "x:1", "quorum"}))
                .isInstanceOf(UsageException.class).hasMessage("unknown option --bootstrap-servers; see kshell --help");
        assertThatThrownBy(() -> LaunchOptions.parse(new String[]{"--bootstrap-server", "--profile", "p"}))
                .isInstanceOf(UsageException.class).hasMessage("--bootstrap-server needs a value");
        assertThatThrownBy(() -> LaunchOptions.parse(new String[]{"--output", "yaml"}))
                .isInstanceOf(UsageException.class).hasMessage("--output takes table or json, not 'yaml'");
        assertThatThrownBy(() -> LaunchOptions.parse(new String[]{"--sandbox", "--profile", "p"}))
                .isInstanceOf(UsageException.class).hasMessageStartingWith("--sandbox starts its own cluster");
    }

    @Test
    void should_document_every_declared_option_in_the_usage_and_the_bash_script() throws Exception {
        Set<String> declared = new TreeSet<>(LaunchOptions.OPTIONS.stream().map(o -> "--" + o.name()).toList());
        assertThat(declared).allSatisfy(name -> assertThat(LaunchOptions.USAGE).contains(name));
        String bash = Files.readString(Path.of("completions/kshell.bash"));
        String list = bash.substring(bash.indexOf("_kshell_launcher_options=\"") + 26);
        list = list.substring(0, list.indexOf('"'));
        assertThat(new TreeSet<>(Arrays.asList(list.trim().split("\\s+")))).isEqualTo(declared);
        // The options the script expects a value after are exactly the declared value-taking ones.
        String loop = bash.substring(bash.indexOf("case \"${words[i]}\" in") + 20, bash.indexOf("esac"));
        Set<String> skipsValue = new TreeSet<>();
        for (String arm : loop.split(";;")) {
            if (arm.contains("i += 2")) {
                String beforeParen = arm.substring(0, arm.indexOf(')'));
                String label = beforeParen.substring(beforeParen.lastIndexOf('\n') + 1).trim();
                Arrays.stream(label.split("\\|")).filter(w -> w.startsWith("--")).forEach(skipsValue::add);
            }
        }
        List<String> valued = LaunchOptions.OPTIONS.stream().filter(OptionSpec::takesValue).map(o -> "--" + o.name()).toList();
        assertThat(skipsValue).containsExactlyInAnyOrderElementsOf(valued);
        // zsh's script offers the same launcher options.
        String zsh = Files.readString(Path.of("completions/_kshell"));
        String offered = zsh.substring(zsh.indexOf("_kshell_launcher_options=(") + 26);
        offered = offered.substring(0, offered.indexOf(')'));
        assertThat(new TreeSet<>(Arrays.asList(offered.trim().split("\\s+")))).isEqualTo(declared);
    }
}
