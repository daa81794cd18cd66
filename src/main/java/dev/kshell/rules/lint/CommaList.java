package dev.kshell.rules.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * A comma-separated list the way Kafka reads one (listeners, voters, bootstrap servers): each entry trimmed, an empty
 * one skipped. The linter keeps what does not parse, as written, to say which entry is wrong.
 */
final class CommaList {

    /** The entries that parsed, in order, and the ones that did not, as written (trimmed). */
    record Parsed<T>(List<T> entries, List<String> malformed) {
    }

    private CommaList() {
    }

    /** @param entry one trimmed, non-empty entry parsed, or null when it is malformed */
    static <T> Parsed<T> parse(String value, Function<String, T> entry) {
        List<T> entries = new ArrayList<>();
        List<String> malformed = new ArrayList<>();
        if (value == null) {
            return new Parsed<>(entries, malformed);
        }
        for (String part : value.split(",")) {
            String raw = part.trim();
            if (raw.isEmpty()) {
                continue;
            }
            T parsed = entry.apply(raw);
            if (parsed == null) {
                malformed.add(raw);
            } else {
                entries.add(parsed);
            }
        }
        return new Parsed<>(entries, malformed);
    }
}
