package dev.kshell.rules.election;

import dev.kshell.model.PartitionSpec;

import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.Set;

import static dev.kshell.rules.election.Fixtures.p;
import static dev.kshell.rules.election.Fixtures.topic;
import static org.assertj.core.api.Assertions.assertThat;

@Timeout(10)
class PartitionSpecTest {

    private static final ClusterSnapshot SNAPSHOT = Fixtures.snapshot(Fixtures.quorumWithLeader(), Set.of(),
            topic("orders", p("orders", 0, 4, List.of(4), List.of(4), null, null),
                    p("orders", 1, 5, List.of(5), List.of(5), null, null)),
            topic("my-topic-name", p("my-topic-name", 0, 4, List.of(4), List.of(4), null, null),
                    p("my-topic-name", 1, 4, List.of(4), List.of(4), null, null),
                    p("my-topic-name", 2, 4, List.of(4), List.of(4), null, null),
                    p("my-topic-name", 3, 4, List.of(4), List.of(4), null, null)),
            topic("events-2024", p("events-2024", 0, 4, List.of(4), List.of(4), null, null)));

    @Test
    void should_parse_dash_and_colon_forms() {
        assertThat(PartitionSpec.parse("topic-3").spec()).isEqualTo(new PartitionSpec("topic", 3));
        assertThat(PartitionSpec.parse("topic:3").spec()).isEqualTo(new PartitionSpec("topic", 3));
        assertThat(PartitionSpec.parse(" orders-0 ").spec().name()).isEqualTo("orders-0");
    }

    @Test
    void should_take_the_number_after_the_last_dash_for_topics_with_dashes() {
        assertThat(PartitionSpec.parse("my-topic-name-3").spec()).isEqualTo(new PartitionSpec("my-topic-name", 3));
        assertThat(PartitionSpec.parse("my-topic-name:3").spec()).isEqualTo(new PartitionSpec("my-topic-name", 3));
        assertThat(PartitionSpec.resolve("my-topic-name-3", SNAPSHOT).spec())
                .isEqualTo(new PartitionSpec("my-topic-name", 3));
        assertThat(PartitionSpec.resolve("events-2024-0", SNAPSHOT).spec())
                .isEqualTo(new PartitionSpec("events-2024", 0));
    }

    @Test
    void should_reject_malformed_arguments_as_values() {
        for (String bad : List.of("", "orders", "orders-", "-3", "orders-x", "orders:", "ord ers-1", "a/b-1",
                "orders-99999999999")) {
            PartitionSpec.Parsed parsed = PartitionSpec.parse(bad);
            assertThat(parsed.ok()).as(bad).isFalse();
            assertThat(parsed.error().kind()).as(bad).isEqualTo(PartitionSpec.ErrorKind.MALFORMED);
            assertThat(parsed.error().message()).as(bad).isNotBlank();
        }
    }

    @Test
    void should_report_unknown_topic() {
        PartitionSpec.Parsed parsed = PartitionSpec.resolve("payments-0", SNAPSHOT);
        assertThat(parsed.error().kind()).isEqualTo(PartitionSpec.ErrorKind.UNKNOWN_TOPIC);
        assertThat(parsed.error().message()).contains("no topic named 'payments'");
    }

    @Test
    void should_report_partition_out_of_range_with_the_valid_range() {
        PartitionSpec.Parsed parsed = PartitionSpec.resolve("orders:7", SNAPSHOT);
        assertThat(parsed.error().kind()).isEqualTo(PartitionSpec.ErrorKind.PARTITION_OUT_OF_RANGE);
        assertThat(parsed.error().message()).contains("has 2 partitions (0-1)");
    }

    @Test
    void should_say_when_the_argument_is_a_topic_name() {
        // "events-2024" parses as topic "events" partition 2024, but it is a topic: say so, do not say "no topic"
        PartitionSpec.Parsed parsed = PartitionSpec.resolve("events-2024", SNAPSHOT);
        assertThat(parsed.error().kind()).isEqualTo(PartitionSpec.ErrorKind.TOPIC_NOT_PARTITION);
        assertThat(parsed.error().message()).contains("--topic events-2024").contains("events-2024-0");
        assertThat(PartitionSpec.resolve("orders", SNAPSHOT).error().kind())
                .isEqualTo(PartitionSpec.ErrorKind.TOPIC_NOT_PARTITION);
    }

    @Test
    void should_collect_every_error_and_drop_duplicates() {
        PartitionSpec.ParsedList list = PartitionSpec.resolveAll(
                List.of("orders-0", "orders:0", "nope-1", "orders-9", "my-topic-name-1"), SNAPSHOT);
        assertThat(list.specs()).containsExactly(new PartitionSpec("orders", 0),
                new PartitionSpec("my-topic-name", 1));
        assertThat(list.errors()).extracting(PartitionSpec.SpecError::input).containsExactly("nope-1", "orders-9");
        assertThat(list.ok()).isFalse();
    }
}
