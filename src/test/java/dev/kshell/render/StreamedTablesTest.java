package dev.kshell.render;

import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.Snapshots;
import dev.kshell.rules.TopicFilter;
import dev.kshell.model.ClusterSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.PrintWriter;
import java.io.Writer;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import java.io.StringWriter;

/**
 * Long tables are written as they are made: a leaderless report of 100,000 partitions reaches its writer in
 * line-sized pieces, never as one string, and streamed tables print exactly what the string renderers print.
 */
@Timeout(60)
class StreamedTablesTest {

    /** Counts what reaches it: how many writes, the largest, and all characters. */
    private static final class CountingWriter extends Writer {
        long writes;
        long largest;
        long total;
        long flushes;

        @Override
        public void write(char[] buf, int off, int len) {
            writes++;
            largest = Math.max(largest, len);
            total += len;
        }

        @Override
        public void write(String str, int off, int len) {
            write(new char[0], 0, len);
        }

        @Override
        public void flush() {
            flushes++;
        }

        @Override
        public void close() {
        }
    }

    @Test
    void should_write_a_100000_partition_leaderless_report_in_line_sized_pieces() {
        Snapshots.Builder cluster = Snapshots.cluster().brokers(4).fenced(5);
        for (int t = 0; t < 100; t++) {
            cluster.topic("topic-" + t).noConfig().partitions(1000, 5); // all on fenced broker 5: leaderless
        }
        PartitionReport report = PartitionHealth.leaderless(cluster.build(), TopicFilter.all());
        assertThat(report.total()).isEqualTo(100_000);

        CountingWriter sink = new CountingWriter();
        DiagnosisTables.writePartitions(new PrintWriter(sink), report, TopicFilter.all(), 120, false, null);

        assertThat(sink.total).as("characters written").isGreaterThan(4_000_000);
        assertThat(sink.writes).as("writes: at least one per partition row").isGreaterThan(100_000);
        // the longest piece is the summary line naming the 100 topics' counts, not the report
        assertThat(sink.largest).as("largest single write").isLessThan(4_000);
    }

    @Test
    void should_stream_the_same_text_as_the_string_renderers() {
        ClusterSnapshot s = Snapshots.seedIncident();
        PartitionReport report = PartitionHealth.leaderless(s, TopicFilter.all());
        StringWriter streamed = new StringWriter();
        DiagnosisTables.writePartitions(new PrintWriter(streamed), report, TopicFilter.all(), 80, false, null);
        assertThat(streamed.toString()).isEqualTo(DiagnosisTables.partitions(report, TopicFilter.all(), 80, false))
                .contains("__consumer_offsets (internal): 2 partitions", "what to do:");

        List<StateViews.TopicSummary> topics = StateViews.topics(s);
        StringWriter topicText = new StringWriter();
        StateTables.writeTopics(new PrintWriter(topicText), topics, 80, false);
        assertThat(topicText.toString()).isEqualTo(StateTables.topics(topics, 80, false)).endsWith("4 topics\n");
    }

    @Test
    void should_make_a_streamed_table_identical_to_a_held_one() {
        List<Integer> ids = List.of(4, 15, 1234);
        StringBuilder streamed = new StringBuilder();
        Table.write(streamed, "  ", List.of("Id", "Name", "State"), ids,
                id -> new Table.Line(id == 15 ? Tone.BAD : Tone.PLAIN, id, "node-" + id, id == 15 ? "FENCED" : "live"),
                0, true);
        Table held = Table.of("Id", "Name", "State");
        ids.forEach(id -> held.row(id == 15 ? Tone.BAD : Tone.PLAIN, id, "node-" + id, id == 15 ? "FENCED" : "live"));
        String expected = held.render(0, true).lines().map(l -> "  " + l + "\n").reduce("", String::concat);
        assertThat(streamed.toString()).isEqualTo(expected);
    }
}
