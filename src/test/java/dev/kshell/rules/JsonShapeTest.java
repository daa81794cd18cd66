package dev.kshell.rules;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;

@Timeout(30)
class JsonShapeTest {

    private final JsonMapper json = JsonMapper.builder().build();

    @Test
    void should_serialise_reports_with_kebab_case_labels() {
        String leaderless = json.writeValueAsString(
                PartitionHealth.leaderless(Snapshots.seedIncident(), TopicFilter.topic("rf1")));
        String triage = json.writeValueAsString(Triage.run(Snapshots.seedIncident(), null));

        assertThat(leaderless).contains("\"kind\":\"leaderless\"", "\"status\":\"ok\"", "\"total\":1",
                "\"recovery\":\"no-live-replica\"", "\"replicas\":[{\"id\":5,\"live\":false}]",
                "\"lastKnownElr\":[5]", "\"minIsr\":1");
        assertThat(triage).contains("\"verdict\":\"UNAVAILABLE\"", "\"status\":\"fail\"", "\"status\":\"warn\"",
                "\"next\":\"watch leaderless\"");
    }

    @Test
    void should_serialise_a_no_such_topic_result() {
        String s = json.writeValueAsString(PartitionHealth.leaderless(Snapshots.healthy(), TopicFilter.topic("x")));

        assertThat(s).contains("\"status\":\"no-such-topic\"", "\"error\":\"no such topic: x\"", "\"topics\":[]");
    }
}
