package dev.kshell.grammar;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kafka's rule for topic names, checked before any cluster call so that a bad name is a usage error (one line,
 * exit 2) rather than the broker's raw {@code InvalidTopicException}. The rule is the one of
 * {@code org.apache.kafka.common.internals.Topic.validate} (kafka-clients 4.4): not empty, not "." or "..", at most
 * 249 characters, only ASCII letters, digits, '.', '_' and '-'. It is restated here because grammar/ stays free of
 * the Kafka client; {@code TopicNamesTest} checks the two agree.
 */
public final class TopicNames {

    /** Kafka's limit (Topic.MAX_NAME_LENGTH). */
    public static final int MAX_LENGTH = 249;

    /** How much of a long or strange name a message repeats. */
    private static final int SHOWN = 40;

    /** {@code topic-N}: the partition number is what follows the last dash. */
    private static final Pattern DASH_NUMBER = Pattern.compile("(.*)-[0-9]+");

    private TopicNames() {
    }

    /** What is wrong with {@code name} as a topic name, in a few words, or empty when Kafka would accept it. */
    public static Optional<String> problem(String name) {
        if (name.isEmpty()) {
            return Optional.of("a topic name cannot be empty");
        }
        if (name.equals(".") || name.equals("..")) {
            return Optional.of("Kafka does not allow '.' or '..' as a topic name");
        }
        if (name.length() > MAX_LENGTH) {
            return Optional.of("it has " + name.length() + " characters, Kafka allows at most " + MAX_LENGTH);
        }
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            if (!legal(cp)) {
                return Optional.of(printable(cp) + " is not allowed (only ASCII letters, digits, '.', '_' and '-')");
            }
            i += Character.charCount(cp);
        }
        return Optional.empty();
    }

    /**
     * What is wrong with the topic part of a partition argument ({@code topic-N} or {@code topic:N}), or empty. A
     * word without a partition number is checked as a topic name: whether it names a partition at all is for
     * {@code PartitionSpec}, which can say "that is a topic, not a partition" from the snapshot.
     */
    public static Optional<String> partitionProblem(String word) {
        String text = word.strip();
        int colon = text.lastIndexOf(':');
        String topic;
        if (colon >= 0) {
            topic = text.substring(0, colon);
        } else {
            Matcher m = DASH_NUMBER.matcher(text);
            topic = m.matches() ? m.group(1) : text;
        }
        // An empty topic part ("-0", ":3") is a malformed partition, which PartitionSpec already words.
        return topic.isEmpty() ? Optional.empty() : problem(topic).map(p -> "topic '" + shown(topic) + "': " + p);
    }

    /** The name as a message repeats it: quoted by the caller, cut after 40 characters, control characters escaped. */
    public static String shown(String name) {
        StringBuilder out = new StringBuilder();
        int count = 0;
        for (int i = 0; i < name.length(); ) {
            int cp = name.codePointAt(i);
            if (count == SHOWN) {
                return out + "...";
            }
            out.append(Character.isISOControl(cp) ? String.format("\\u%04x", cp) : new String(Character.toChars(cp)));
            count++;
            i += Character.charCount(cp);
        }
        return out.toString();
    }

    private static boolean legal(int cp) {
        return cp >= 'a' && cp <= 'z' || cp >= 'A' && cp <= 'Z' || cp >= '0' && cp <= '9' || cp == '.' || cp == '_' || cp == '-';
    }

    private static String printable(int cp) {
        if (cp == ' ') {
            return "a space";
        }
        if (Character.isISOControl(cp)) {
            return String.format("the control character \\u%04x", cp);
        }
        return "'" + new String(Character.toChars(cp)) + "'" + (cp > 127 ? String.format(" (U+%04X)", cp) : "");
    }
}
