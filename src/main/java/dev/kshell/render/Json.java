package dev.kshell.render;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import tools.jackson.core.StreamWriteFeature;

/** The one JSON mapper: records in, camelCase fields out, the stable contract for scripts. */
public final class Json {

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .build();

    private Json() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }

    /** Pretty JSON text of a record (or any Jackson-serialisable value), ending with a newline. */
    public static String render(Object value) {
        return MAPPER.writeValueAsString(value) + "\n";
    }

    /**
     * Streams the same text as {@link #render} to {@code out} (not closed), without building it in memory first:
     * a long list (thousands of partitions) costs a buffer, not its whole text.
     */
    public static void write(Writer out, Object value) {
        try {
            MAPPER.writer().without(StreamWriteFeature.AUTO_CLOSE_TARGET).writeValue(out, value);
            out.write('\n');
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The value with one more field in front: an object gets it as its first field; anything else (a list, a plain
     * value) becomes {@code {name: field, "result": value}}.
     */
    public static JsonNode withFirstField(Object value, String name, Object field) {
        ObjectNode wrapped = MAPPER.createObjectNode();
        wrapped.set(name, MAPPER.valueToTree(field));
        JsonNode tree = MAPPER.valueToTree(value);
        if (tree instanceof ObjectNode object) {
            object.properties().forEach(e -> wrapped.set(e.getKey(), e.getValue()));
        } else {
            wrapped.set("result", tree);
        }
        return wrapped;
    }

    /** The value as a JSON tree (what runbook expressions see as {@code result}). */
    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }
}
