package dev.kshell.rules;

import java.util.Objects;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Which topics a partition command looks at: all, one exact name ({@code --topic T}) or a regular expression
 * ({@code --pattern REGEX}, matched against the whole name, like Kafka's {@code TopicCommand --topic} regexes).
 * Never throws: a bad regex or conflicting options give a filter whose {@link #error()} says why, and every report
 * built with it comes back with status {@link PartitionReport.Status#INVALID_FILTER}.
 *
 * @param mode    all, one topic or a pattern
 * @param value   the topic name or regex as given; null for {@link Mode#ALL}
 * @param pattern the compiled regex of a valid {@link Mode#PATTERN} filter, else null
 * @param error   why the filter is unusable, or null
 */
public record TopicFilter(Mode mode, String value, Pattern pattern, String error) {

    public enum Mode { ALL, TOPIC, PATTERN }

    private static final TopicFilter ALL = new TopicFilter(Mode.ALL, null, null, null);

    public static TopicFilter all() {
        return ALL;
    }

    /** Exactly one topic; the report says "no such topic" when it does not exist. */
    public static TopicFilter topic(String name) {
        if (name == null || name.isBlank()) {
            return new TopicFilter(Mode.TOPIC, name, null, "--topic needs a topic name");
        }
        return new TopicFilter(Mode.TOPIC, name, null, null);
    }

    /** A regex over whole topic names; an invalid one gives a filter carrying the error, not an exception. */
    public static TopicFilter pattern(String regex) {
        if (regex == null || regex.isEmpty()) {
            return new TopicFilter(Mode.PATTERN, regex, null, "--pattern needs a regular expression");
        }
        try {
            return new TopicFilter(Mode.PATTERN, regex, Pattern.compile(regex), null);
        } catch (PatternSyntaxException e) {
            // getDescription() is the one-line reason; getMessage() adds a multi-line caret drawing.
            return new TopicFilter(Mode.PATTERN, regex, null,
                    "invalid --pattern '" + regex + "': " + e.getDescription() + " near index " + e.getIndex());
        }
    }

    /** From the two command options, either of which may be null; both given is an error. */
    public static TopicFilter of(String topic, String pattern) {
        if (topic != null && pattern != null) {
            return new TopicFilter(Mode.TOPIC, topic, null, "use --topic or --pattern, not both");
        }
        if (topic != null) {
            return topic(topic);
        }
        if (pattern != null) {
            return pattern(pattern);
        }
        return ALL;
    }

    public boolean valid() {
        return error == null;
    }

    public boolean matches(String topic) {
        if (error != null) {
            return false;
        }
        return switch (mode) {
            case ALL -> true;
            case TOPIC -> value.equals(topic);
            case PATTERN -> pattern.matcher(topic).matches();
        };
    }

    /** The option as the user typed it ("--topic orders"), or "" for all topics. */
    public String asOption() {
        return switch (mode) {
            case ALL -> "";
            case TOPIC -> "--topic " + value;
            case PATTERN -> "--pattern " + value;
        };
    }

    /** Equal by what was asked (a compiled Pattern has no equality of its own). */
    @Override
    public boolean equals(Object o) {
        return o instanceof TopicFilter f && mode == f.mode && Objects.equals(value, f.value)
                && Objects.equals(error, f.error);
    }

    @Override
    public int hashCode() {
        return Objects.hash(mode, value, error);
    }

    @Override
    public String toString() {
        return mode == Mode.ALL ? "all topics" : asOption();
    }
}
