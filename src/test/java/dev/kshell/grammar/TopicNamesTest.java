package dev.kshell.grammar;

import org.apache.kafka.common.errors.InvalidTopicException;
import org.apache.kafka.common.internals.Topic;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Bad topic names are the operator's input error, said by the grammar in one line, by Kafka's own rule. */
@Timeout(10)
class TopicNamesTest {

    private static CommandSpec syntax(String name, List<OptionSpec> options, List<Positional> arguments) {
        return CommandSpec.named(name).options(options).arguments(arguments);
    }

    private final CommandGrammar<String> grammar = new CommandGrammar<>(() -> List.of(
            new CommandGrammar.Entry<>(syntax("describe", List.of(),
                    List.of(Positional.of("topic name", ArgKind.TOPIC, "the topic"))), "describe"),
            new CommandGrammar.Entry<>(syntax("partition-check", List.of(OptionSpec.of("topic", ArgKind.TOPIC, "t")),
                    List.of()), "check"),
            new CommandGrammar.Entry<>(syntax("elect unclean", List.of(),
                    List.of(Positional.of("partition", ArgKind.UNCLEAN_PARTITION, "p").many())), "unclean")));

    private static final List<String> SAMPLES = List.of("orders", "my-topic_1.v2", "__consumer_offsets", "", ".", "..",
            "...", "a".repeat(249), "a".repeat(250), "a".repeat(5000), "zahlungen-ü", "日本", "with space", "tab\there",
            "a,b", "a/b", "a:b", "emoji\uD83D\uDE00", "-", "_", "x.");

    @Test
    void should_agree_with_kafkas_own_rule_on_every_sample() {
        for (String name : SAMPLES) {
            boolean kafkaAccepts;
            try {
                Topic.validate(name);
                kafkaAccepts = true;
            } catch (InvalidTopicException e) {
                kafkaAccepts = false;
            }
            assertThat(TopicNames.problem(name).isEmpty()).as("'%s'", TopicNames.shown(name)).isEqualTo(kafkaAccepts);
        }
    }

    @Test
    void should_reject_a_unicode_topic_in_one_line_naming_the_character() {
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "zahlungen-ü")))
                .isInstanceOf(GrammarException.class)
                .hasMessage("describe: 'zahlungen-ü' is not a valid topic name: 'ü' (U+00FC) is not allowed"
                        + " (only ASCII letters, digits, '.', '_' and '-')");
    }

    @Test
    void should_reject_a_5000_character_name_without_repeating_it() {
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "x".repeat(5000))))
                .hasMessage("describe: '" + "x".repeat(40) + "...' is not a valid topic name: it has 5000 characters,"
                        + " Kafka allows at most 249");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "x".repeat(250)))).hasMessageContaining("it has 250 characters");
        assertThat(grammar.parse(List.of("describe", "x".repeat(249))).arguments()).hasSize(1);
    }

    @Test
    void should_reject_dot_and_dot_dot_and_other_characters() {
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "..")))
                .hasMessage("describe: '..' is not a valid topic name: Kafka does not allow '.' or '..' as a topic name");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "a/b"))).hasMessageContaining("'/' is not allowed");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "a b"))).hasMessageContaining("a space is not allowed");
        assertThatThrownBy(() -> grammar.parse(List.of("describe", "a\u0007"))).hasMessage(
                "describe: 'a\\u0007' is not a valid topic name: the control character \\u0007 is not allowed"
                        + " (only ASCII letters, digits, '.', '_' and '-')");
    }

    @Test
    void should_check_topic_options_and_each_piece_of_a_comma_list() {
        assertThatThrownBy(() -> grammar.parse(List.of("partition-check", "--topic", "ö")))
                .hasMessageStartingWith("partition-check: --topic 'ö' is not a valid topic name: 'ö' (U+00F6)");
        assertThatThrownBy(() -> grammar.parse(List.of("partition-check", "--topic", "good,b@d")))
                .hasMessageStartingWith("partition-check: --topic 'b@d' is not a valid topic name: '@' is not allowed");
        assertThat(grammar.parse(List.of("partition-check", "--topic", "demo-rf3,demo-rf1")).options()).containsKey("topic");
    }

    @Test
    void should_check_the_topic_part_of_a_partition_and_leave_the_rest_to_partition_spec() {
        assertThatThrownBy(() -> grammar.parse(List.of("elect", "unclean", "orders-0", "ü-0")))
                .hasMessageStartingWith("elect unclean: 'ü-0' is not a valid partition: topic 'ü': 'ü' (U+00FC) is not allowed");
        assertThatThrownBy(() -> grammar.parse(List.of("elect", "unclean", "y".repeat(300) + ":1")))
                .hasMessageContaining("it has 300 characters");
        // A topic named without a number, or a malformed number, still reaches PartitionSpec and its snapshot hints.
        assertThat(grammar.parse(List.of("elect", "unclean", "orders", "orders-x", "orders:0")).arguments()).hasSize(3);
    }

    @Test
    void should_not_check_names_when_help_is_asked() {
        assertThat(grammar.parse(List.of("describe", "ü", "--help")).options()).containsKey("help");
    }
}
