package dev.kshell.rules.reassign;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

import java.util.Collections;
import java.util.List;

/**
 * A plan in the JSON Kafka's {@code kafka-reassign-partitions.sh --execute / --verify} reads:
 * {@code {"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[4,5],"log_dirs":["any","any"]}]}}.
 * Only the moves of partitions with a live copy are written: a partition whose every copy is lost needs an unclean
 * election as well, which Kafka's tool does not do.
 */
public final class ReassignmentJson {

    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReassignmentJson() {
    }

    /** The document's top level. */
    @JsonPropertyOrder({"version", "partitions"})
    public record Document(int version, List<Entry> partitions) {
    }

    /** One partition's target. */
    @JsonPropertyOrder({"topic", "partition", "replicas", "log_dirs"})
    public record Entry(String topic, int partition, List<Integer> replicas,
                        @JsonProperty("log_dirs") List<String> logDirs) {
    }

    public static Document document(List<EvacuationPlan.Move> moves) {
        return new Document(1, moves.stream().map(m -> new Entry(m.topic(), m.partition(), m.target(),
                Collections.nCopies(m.target().size(), "any"))).toList());
    }

    /** The document as text, ending with a newline. */
    public static String write(List<EvacuationPlan.Move> moves) {
        return MAPPER.writeValueAsString(document(moves)) + "\n";
    }
}
