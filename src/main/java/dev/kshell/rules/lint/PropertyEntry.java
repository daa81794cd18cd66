package dev.kshell.rules.lint;

/**
 * One key of a properties file as {@link java.util.Properties} would load it.
 *
 * @param key   the unescaped key
 * @param value the unescaped value, continuation lines joined
 * @param line  1-based number of the physical line the key starts on
 */
public record PropertyEntry(String key, String value, int line) {
}
