package dev.kshell.cli;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Opt;
import dev.kshell.model.ExitCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

@Timeout(10)
class CommandLineParserTest {

    static class Probe extends KshellCommand {
        Probe(String name) {
            super(CommandSpec.named(name).description("probe " + name)
                    .options(Opt.flag("yes", "skip the y/N question"), Opt.text("topic", "a topic"),
                            Opt.flag("dry-run", "plan only"))
                    .arguments(Arg.many("args", ArgKind.TEXT, "anything").optional()));
        }

        @Override
        public ExitCode execute(Invocation invocation) {
            return ExitCode.OK;
        }
    }

    private final CommandLineParser parser = CommandLineParser.forCommands(
            List.of(new Probe("elect preferred"), new Probe("elect unclean"), new Probe("describe"), new Probe("topics")));

    @Test
    void should_keep_quoted_arguments_whole() {
        assertThat(CommandLineParser.tokenize("describe \"my topic\" 'single quoted' plain"))
                .containsExactly("describe", "my topic", "single quoted", "plain");
        assertThat(CommandLineParser.tokenize("echo \"say \\\"hi\\\"\"")).containsExactly("echo", "say \"hi\"");
    }

    @Test
    void should_report_an_unbalanced_quote_as_usage_error() {
        assertThatThrownBy(() -> CommandLineParser.tokenize("describe \"orders"))
                .isInstanceOf(UsageException.class).hasMessageContaining("unbalanced quote");
    }

    @Test
    void should_accept_a_bare_flag_on_a_two_word_command() {
        CommandLineParser.ParsedCommand parsed = parser.parse(List.of("elect", "preferred", "--yes", "--topic", "orders"));
        assertThat(parsed.command().spec().name()).isEqualTo("elect preferred");
        assertThat(parsed.options()).containsEntry("yes", List.of("true")).containsEntry("topic", List.of("orders"));
        assertThat(parsed.arguments()).isEmpty();
    }

    @Test
    void should_take_help_on_a_two_word_command() {
        assertThat(parser.parse(List.of("elect", "unclean", "--help")).helpRequested()).isTrue();
        assertThat(parser.parse(List.of("elect", "unclean", "-h")).helpRequested()).isTrue();
    }

    @Test
    void should_accept_inline_values_and_positionals() {
        CommandLineParser.ParsedCommand parsed = parser.parse(List.of("elect", "unclean", "orders-0", "--topic=a=b", "pay-1"));
        assertThat(parsed.arguments()).containsExactly("orders-0", "pay-1");
        assertThat(parsed.options()).containsEntry("topic", List.of("a=b"));
    }

    @Test
    void should_accept_common_options_on_every_command() {
        CommandLineParser.ParsedCommand parsed = parser.parse(List.of("topics", "--output", "json", "--no-color", "--timeout", "3s"));
        assertThat(parsed.options()).containsKeys("output", "no-color", "timeout");
    }

    @Test
    void should_name_an_unknown_option_and_suggest_the_close_one() {
        assertThatThrownBy(() -> parser.parse(List.of("elect", "preferred", "--dryrun")))
                .isInstanceOf(UsageException.class)
                .hasMessage("elect preferred: unknown option --dryrun (did you mean --dry-run?); see 'elect preferred --help'");
    }

    @Test
    void should_suggest_a_command_for_a_typo() {
        assertThatThrownBy(() -> parser.parse(List.of("descibe", "orders")))
                .isInstanceOf(UsageException.class).hasMessageContaining("unknown command 'descibe' (did you mean 'describe'?)");
        assertThatThrownBy(() -> parser.parse(List.of("elect", "prefered")))
                .isInstanceOf(UsageException.class).hasMessageContaining("did you mean 'elect preferred'?");
        assertThatThrownBy(() -> parser.parse(List.of("elect")))
                .isInstanceOf(UsageException.class).hasMessageContaining("elect preferred, elect unclean");
    }

    @Test
    void should_require_a_value_for_a_value_option() {
        assertThatThrownBy(() -> parser.parse(List.of("describe", "--topic")))
                .isInstanceOf(UsageException.class).hasMessage("describe: option --topic needs a value");
    }

    @Test
    void should_treat_words_after_double_dash_as_arguments() {
        assertThat(parser.parse(List.of("describe", "--", "--weird-topic")).arguments()).containsExactly("--weird-topic");
    }

    @Test
    void should_quote_words_back_into_a_line_that_parses_the_same() {
        List<String> words = List.of("describe", "my topic", "say \"hi\"", "back\\slash", "plain");
        assertThat(CommandLineParser.tokenize(CommandLineExecutor.join(words))).isEqualTo(words);
    }
}
