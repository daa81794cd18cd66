package dev.kshell.rules.configs;

import dev.kshell.model.ConfigOp;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The words of {@code configs set ... key=value...} and {@code configs delete ... key...} as changes, or the one
 * sentence that says what is wrong with them (a usage error: exit 2, before any cluster call). Pure.
 */
public final class ConfigArgs {

    /** The changes, or why the words are not changes. */
    public record Parsed(List<ConfigOp> ops, String error) {
        public Parsed {
            ops = ops == null ? List.of() : List.copyOf(ops);
        }
    }

    private ConfigArgs() {
    }

    /** {@code key=value} words: each needs a key and '=' (an empty value is Kafka's to judge); no key twice. */
    public static Parsed settings(List<String> words) {
        List<ConfigOp> ops = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String w : words) {
            int eq = w.indexOf('=');
            if (eq < 0) {
                return new Parsed(null, "'" + w + "' is not key=value (to remove a setting: configs delete ... "
                        + w + ")");
            }
            String key = w.substring(0, eq).strip();
            if (key.isEmpty()) {
                return new Parsed(null, "'" + w + "' has no key before '='");
            }
            if (!seen.add(key)) {
                return new Parsed(null, key + " is given twice");
            }
            ops.add(ConfigOp.set(key, w.substring(eq + 1)));
        }
        return words.isEmpty() ? new Parsed(null, "give at least one key=value") : new Parsed(ops, null);
    }

    /** Bare keys to remove from the entity; no key twice. */
    public static Parsed deletions(List<String> words) {
        List<ConfigOp> ops = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (String w : words) {
            if (w.contains("=")) {
                return new Parsed(null, "'" + w + "': configs delete takes keys alone (to set a value: configs set)");
            }
            if (!seen.add(w)) {
                return new Parsed(null, w + " is given twice");
            }
            ops.add(ConfigOp.delete(w));
        }
        return words.isEmpty() ? new Parsed(null, "give at least one key") : new Parsed(ops, null);
    }
}
