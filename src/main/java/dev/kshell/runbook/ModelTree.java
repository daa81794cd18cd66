package dev.kshell.runbook;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import tools.jackson.databind.json.JsonMapper;

/**
 * Turns a command's JSON model into the read-only tree that expressions see: {@code Map<String,Object>} for JSON
 * objects, {@code List<Object>} for arrays, and String / Number / Boolean / null for scalars. One shape whatever the
 * command returned (a Jackson {@code JsonNode}, a record, a Map), with the field names of {@code --output json}, so
 * SpEL's own indexing, selection ({@code .?[...]}) and projection ({@code .![...]}) work on it.
 */
final class ModelTree {

    private static final JsonMapper MAPPER = JsonMapper.builder().build();

    private ModelTree() {
    }

    static Object toPlain(Object value) {
        if (value == null || value instanceof String || value instanceof Number || value instanceof Boolean) {
            return value;
        }
        if (value instanceof Character || value instanceof Enum<?>) {
            return value.toString();
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(String.valueOf(k), toPlain(v)));
            return Collections.unmodifiableMap(copy);
        }
        if (value instanceof Collection<?> list) {
            List<Object> copy = new ArrayList<>(list.size());
            list.forEach(v -> copy.add(toPlain(v)));
            return Collections.unmodifiableList(copy);
        }
        // JsonNode, records, arrays, Optional, java.time ...: let Jackson give the JSON shape, then copy it read-only.
        Object converted = MAPPER.convertValue(value, Object.class);
        if (converted == null || converted instanceof Map<?, ?> || converted instanceof Collection<?>
                || converted instanceof String || converted instanceof Number || converted instanceof Boolean) {
            return toPlain(converted);
        }
        return converted.toString();
    }

    /** A short, one-line rendering of a value for messages (JSON, cut at {@code max} characters). */
    static String brief(Object value, int max) {
        String text;
        try {
            text = value instanceof String s ? "'" + s + "'" : MAPPER.writeValueAsString(value);
        } catch (RuntimeException e) {
            text = String.valueOf(value);
        }
        text = text.replace('\n', ' ');
        return text.length() <= max ? text : text.substring(0, Math.max(0, max - 3)) + "...";
    }
}
