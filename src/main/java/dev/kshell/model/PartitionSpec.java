package dev.kshell.model;


import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * One partition named on the command line: {@code topic-3} (Kafka's spelling), {@code topic:3}, or a topic whose
 * name itself contains dashes ({@code my-topic-name-3}: the partition number is what follows the LAST dash, which is
 * the only reading possible because a partition number has no dash).
 *
 * <p>Parsing never throws: {@link #parse(String)} checks the syntax, {@link #resolve(String, ClusterSnapshot)} also
 * checks the topic and partition against a snapshot. Both return a {@link Parsed}, either a spec or an error value.
 *
 * @param topic     topic name
 * @param partition partition number (0 or more)
 */
public record PartitionSpec(String topic, int partition) {

    /** Kafka's legal topic characters; a topic name is at most 249 of them. */
    private static final Pattern LEGAL_TOPIC = Pattern.compile("[a-zA-Z0-9._-]{1,249}");
    private static final Pattern NUMBER = Pattern.compile("[0-9]{1,10}");

    public PartitionSpec {
        if (topic == null || topic.isEmpty() || partition < 0) {
            throw new IllegalArgumentException("bad partition spec " + topic + "/" + partition);
        }
    }

    /** "topic-3", the spelling Kafka's tools use. */
    public String name() {
        return name(topic, partition);
    }

    /** "topic-3": the one spelling of a partition's name, for every record that names one. */
    public static String name(String topic, int partition) {
        return topic + "-" + partition;
    }

    @Override
    public String toString() {
        return name();
    }

    /** Why a partition argument was rejected. */
    public enum ErrorKind {
        /** Not of the form topic-N or topic:N, or illegal characters. */
        MALFORMED,
        /** The topic does not exist in the snapshot. */
        UNKNOWN_TOPIC,
        /** The topic exists but has no such partition. */
        PARTITION_OUT_OF_RANGE,
        /** The argument is the name of a topic, not of a partition. */
        TOPIC_NOT_PARTITION
    }

    /** The result of parsing one argument: exactly one of {@code spec} and {@code error} is non-null. */
    public record Parsed(String input, PartitionSpec spec, SpecError error) {
        public boolean ok() {
            return spec != null;
        }

        static Parsed of(String input, PartitionSpec spec) {
            return new Parsed(input, spec, null);
        }

        static Parsed error(String input, ErrorKind kind, String message) {
            return new Parsed(input, null, new SpecError(input, kind, message));
        }
    }

    /**
     * A rejected partition argument.
     *
     * @param input   the argument as typed
     * @param kind    what is wrong
     * @param message one sentence for the operator, naming the argument and what to type instead
     */
    public record SpecError(String input, ErrorKind kind, String message) {
    }

    /** Several arguments parsed at once: all errors are collected, not just the first. */
    public record ParsedList(List<PartitionSpec> specs, List<SpecError> errors) {
        public ParsedList {
            specs = List.copyOf(specs);
            errors = List.copyOf(errors);
        }

        public boolean ok() {
            return errors.isEmpty();
        }
    }

    /** Syntax only: {@code topic-3}, {@code topic:3}. */
    public static Parsed parse(String input) {
        if (input == null || input.isBlank()) {
            return Parsed.error(String.valueOf(input), ErrorKind.MALFORMED,
                    "empty partition: expected topic-N or topic:N, e.g. orders-0");
        }
        String text = input.strip();
        int colon = text.lastIndexOf(':');
        int cut = colon >= 0 ? colon : text.lastIndexOf('-');
        if (cut <= 0 || cut == text.length() - 1) {
            return Parsed.error(text, ErrorKind.MALFORMED,
                    "'" + text + "' is not a partition: expected topic-N or topic:N, e.g. orders-0");
        }
        String topic = text.substring(0, cut);
        String number = text.substring(cut + 1);
        if (!NUMBER.matcher(number).matches()) {
            return Parsed.error(text, ErrorKind.MALFORMED, "'" + text + "' is not a partition: '" + number
                    + "' is not a partition number (expected topic-N or topic:N, e.g. orders-0)");
        }
        if (!LEGAL_TOPIC.matcher(topic).matches()) {
            return Parsed.error(text, ErrorKind.MALFORMED, "'" + text + "': '" + topic
                    + "' is not a legal topic name (letters, digits, '.', '_', '-'; at most 249)");
        }
        long n = Long.parseLong(number);
        if (n > Integer.MAX_VALUE) {
            return Parsed.error(text, ErrorKind.MALFORMED, "'" + text + "': partition number too large");
        }
        return Parsed.of(text, new PartitionSpec(topic, (int) n));
    }

    /**
     * Syntax, then the topic and the partition number against the snapshot. An argument that is itself a topic
     * name ({@code my-topic-3} where topic {@code my-topic-3} exists and topic {@code my-topic} does not) is
     * rejected with a hint to add the partition number or use {@code --topic}.
     */
    public static Parsed resolve(String input, ClusterSnapshot snapshot) {
        Parsed parsed = parse(input);
        String text = input == null ? "" : input.strip();
        if (!parsed.ok()) {
            if (snapshot.topic(text).isPresent()) {
                return topicNotPartition(text, snapshot.topic(text).get());
            }
            return parsed;
        }
        PartitionSpec spec = parsed.spec();
        Optional<TopicState> topic = snapshot.topic(spec.topic());
        if (topic.isEmpty()) {
            if (snapshot.topic(text).isPresent()) {
                return topicNotPartition(text, snapshot.topic(text).get());
            }
            return Parsed.error(text, ErrorKind.UNKNOWN_TOPIC,
                    "'" + text + "': no topic named '" + spec.topic() + "' (see `topics`)");
        }
        int count = topic.get().partitions().size();
        boolean present = topic.get().partitions().stream().anyMatch(p -> p.partition() == spec.partition());
        if (!present) {
            if (snapshot.topic(text).isPresent()) {
                return topicNotPartition(text, snapshot.topic(text).get());
            }
            return Parsed.error(text, ErrorKind.PARTITION_OUT_OF_RANGE, "'" + text + "': topic '" + spec.topic()
                    + "' has " + count + " partition" + (count == 1 ? "" : "s")
                    + (count == 0 ? "" : " (0-" + (count - 1) + ")"));
        }
        return parsed;
    }

    /** Resolves every argument; errors are collected in input order. */
    public static ParsedList resolveAll(Collection<String> inputs, ClusterSnapshot snapshot) {
        List<PartitionSpec> specs = new ArrayList<>();
        List<SpecError> errors = new ArrayList<>();
        for (String input : inputs) {
            Parsed p = snapshot == null ? parse(input) : resolve(input, snapshot);
            if (p.ok()) {
                if (!specs.contains(p.spec())) {
                    specs.add(p.spec());
                }
            } else {
                errors.add(p.error());
            }
        }
        return new ParsedList(specs, errors);
    }

    private static Parsed topicNotPartition(String text, TopicState topic) {
        return Parsed.error(text, ErrorKind.TOPIC_NOT_PARTITION, "'" + text + "' is a topic, not a partition: name a "
                + "partition (" + text + "-0 ... " + text + "-" + Math.max(0, topic.partitions().size() - 1)
                + ") or use --topic " + text);
    }
}
