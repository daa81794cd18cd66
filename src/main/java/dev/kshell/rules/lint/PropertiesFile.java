package dev.kshell.rules.lint;

import dev.kshell.model.Finding;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A properties file read line-aware: every entry in file order (duplicates kept), plus what the reader itself found
 * wrong (duplicate keys, malformed escapes, a byte-order mark).
 *
 * @param path     the path as the user gave it (used in every {@code where})
 * @param entries  every entry in file order, duplicates included
 * @param problems findings of the reader, {@code where} = "path:line"
 */
public record PropertiesFile(String path, List<PropertyEntry> entries, List<Finding> problems) {

    public PropertiesFile {
        entries = List.copyOf(entries);
        problems = List.copyOf(problems);
    }

    /** The effective entry of each key (the last one wins, as in {@link java.util.Properties}), in file order. */
    public Map<String, PropertyEntry> effective() {
        Map<String, PropertyEntry> byKey = new LinkedHashMap<>();
        for (PropertyEntry e : entries) {
            byKey.remove(e.key());
            byKey.put(e.key(), e);
        }
        return Collections.unmodifiableMap(byKey);
    }

    /** The effective entry of {@code key}, if set. */
    public Optional<PropertyEntry> entry(String key) {
        PropertyEntry found = null;
        for (PropertyEntry e : entries) {
            if (e.key().equals(key)) {
                found = e;
            }
        }
        return Optional.ofNullable(found);
    }

    /** The effective value of {@code key}, trimmed, or null when unset. */
    public String value(String key) {
        return entry(key).map(e -> e.value().trim()).orElse(null);
    }

    /** "path:line" of the effective entry of {@code key}, or "path" when the key is not set. */
    public String where(String key) {
        return entry(key).map(e -> where(e.line())).orElse(path);
    }

    /** "path:line". */
    public String where(int line) {
        return path + ":" + line;
    }
}
