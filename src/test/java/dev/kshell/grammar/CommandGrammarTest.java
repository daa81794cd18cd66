package dev.kshell.grammar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The one walk: what the parser checks is what the completer reads. */
@Timeout(10)
class CommandGrammarTest {

    private static CommandSpec syntax(String name, List<OptionSpec> options, List<Positional> arguments) {
        return CommandSpec.named(name).options(options).arguments(arguments);
    }

    private final CommandGrammar<String> grammar = new CommandGrammar<>(() -> List.of(
            new CommandGrammar.Entry<>(syntax("describe", List.of(OptionSpec.of("topic", ArgKind.TOPIC, "t")),
                    List.of(Positional.of("topic name", ArgKind.TOPIC, "the topic"))), "describe"),
            new CommandGrammar.Entry<>(syntax("elect unclean", List.of(OptionSpec.of("dry-run", ArgKind.FLAG, "d")),
                    List.of(Positional.of("partition", ArgKind.UNCLEAN_PARTITION, "p").many()
                            .whenMissing("name at least one partition"))), "unclean"),
            new CommandGrammar.Entry<>(syntax("watch", List.of(OptionSpec.of("interval", ArgKind.DURATION, "i")),
                    List.of(Positional.of("command", ArgKind.READ_COMMAND_LINE, "c"))), "watch")));

    @Test
    void should_check_arity_and_choices_from_the_declaration() {
        assertThat(grammar.parse(List.of("describe", "orders")).arguments()).containsExactly("orders");
        assertThatThrownBy(() -> grammar.parse(List.of("describe"))).hasMessage("describe: missing topic name (usage: describe TOPIC-NAME [--topic TOPIC])");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "a", "b"))).hasMessage("describe: expected one topic name, got 2: a b");
        assertThatThrownBy(() -> grammar.parse(List.of("elect", "unclean", "--dry-run")))
                .hasMessage("elect unclean: name at least one partition (usage: elect unclean PARTITION... [--dry-run])");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "orders", "--output", "yaml")))
                .hasMessage("--output takes table or json, not 'yaml'");
        // --help needs no arguments
        assertThat(grammar.parse(List.of("elect", "unclean", "--help")).options()).containsKey("help");
    }

    @Test
    void should_never_take_a_known_option_as_the_value_of_the_one_before() {
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "x", "--topic", "--output", "json")))
                .hasMessage("describe: option --topic needs a value");
        assertThat(grammar.parse(List.of("describe", "x", "--topic", "--weird")).options().get("topic")).containsExactly("--weird");
    }

    @Test
    void should_end_options_at_a_rest_of_line_argument() {
        CommandGrammar.ParsedLine<String> watch = grammar.parse(List.of("watch", "--interval", "2s", "leaderless", "--topic", "o"));
        assertThat(watch.options()).containsOnlyKeys("interval");
        assertThat(watch.arguments()).containsExactly("leaderless", "--topic", "o");
    }

    @Test
    void should_tell_the_completer_where_a_partial_line_stands() {
        CommandSpec describe = grammar.find(List.of("describe")).orElseThrow().spec();
        CommandGrammar.Walk awaiting = CommandGrammar.walk(describe, CommandGrammar.allOptions(describe), List.of("--topic"));
        assertThat(awaiting.awaitingValue().kind()).isEqualTo(ArgKind.TOPIC);
        CommandGrammar.Walk unknown = CommandGrammar.walk(describe, CommandGrammar.allOptions(describe), List.of("--bogus", "x"));
        assertThat(unknown.problem()).isEqualTo("--bogus");
        assertThat(unknown.arguments()).containsExactly("x");
    }
}
