package dev.kshell.rules.explain;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names an error text mentions: host:port addresses, topics and topic-partitions, in order of appearance.
 * Recognises Java client log lines, KafkaJS JSON log lines and kafka-topics output.
 */
record ErrorContext(List<String> hostPorts, List<String> topics, List<String> topicPartitions) {

    private static final String NAME = "[A-Za-z0-9._-]+";
    private static final int FLAGS = Pattern.CASE_INSENSITIVE;

    // Java's "localhost/127.0.0.1:9092" (host/ip:port): keep the host name the user configured.
    private static final Pattern HOST_SLASH_IP =
            Pattern.compile("(?<![\\w.-])([a-z0-9][\\w.-]*)/(?:\\d{1,3}(?:\\.\\d{1,3}){3}|[0-9a-f:]+):(\\d{3,5})\\b",
                    FLAGS);
    // Java's "/127.0.0.1:9092" (an address without a host name, as the client prints an InetSocketAddress).
    private static final Pattern SLASH_IP =
            Pattern.compile("(?<![\\w.-])/(\\d{1,3}(?:\\.\\d{1,3}){3}):(\\d{3,5})\\b");
    // host:port with a 3-5 digit port; the host needs a letter or to be an IPv4 address, so that times (12:34:56)
    // and "code:190" (a field name, listed) are not taken for addresses. A number followed by a time unit is a
    // duration: the producer's "Expiring 5 record(s) for payments-1:5001 ms has passed since batch creation" names
    // the partition payments-1 and 5001 ms, not a host payments-1 on port 5001.
    private static final Pattern HOST_PORT = Pattern.compile(
            "(?<![\\w.:/-])(?!(?:error)?code:|id:|key:|version:|partition:|offset:|epoch:|size:|port:|line:)"
                    + "((?=[\\w.-]*[a-z])[a-z0-9][\\w.-]*|\\d{1,3}(?:\\.\\d{1,3}){3}|\\[[0-9a-f:]+]):(\\d{3,5})"
                    + "(?![\\w.:])(?!\\s*(?:ms|milliseconds?|s|seconds?)\\b)", FLAGS);

    // "topic-partition orders-0", "partition orders-0", "for orders-0", "TopicPartition(orders-0)"
    private static final Pattern TOPIC_PARTITION = Pattern.compile(
            "(?:topic-?partitions?|partitions?|record\\(s\\) for|\\bfor)[\\s:=(\\[]+(" + NAME + ")-(\\d+)\\b", FLAGS);
    // {orders=LEADER_NOT_AVAILABLE, payments=UNKNOWN_TOPIC_OR_PARTITION} from the Java client's metadata warnings
    private static final Pattern METADATA_MAP = Pattern.compile("\\{(" + NAME + "=[A-Z_]{5,}"
            + "(?:,\\s*" + NAME + "=[A-Z_]{5,})*)}");
    // "topic":"orders", topic: 'orders', topic=orders, "Topic: orders" (kafka-topics --describe)
    private static final Pattern TOPIC_KEY =
            Pattern.compile("\\btopic[\"']?\\s*[:=]\\s*[\"']?(" + NAME + ")", FLAGS);
    private static final Pattern PARTITION_KEY =
            Pattern.compile("\\bpartition[\"']?\\s*[:=]\\s*[\"']?(\\d+)\\b", FLAGS);
    // "Topic orders not present in metadata after 60000 ms."
    private static final Pattern TOPIC_NOT_PRESENT =
            Pattern.compile("\\btopic\\s+(" + NAME + ")\\s+not present in metadata", FLAGS);
    // "Not authorized to access topics: [orders, payments]"
    private static final Pattern TOPIC_LIST =
            Pattern.compile("access topics:?\\s*\\[([^\\]]*)]", FLAGS);

    static ErrorContext of(String text) {
        Set<String> hostPorts = new LinkedHashSet<>();
        Set<String> topics = new LinkedHashSet<>();
        Set<String> partitions = new LinkedHashSet<>();

        String rest = text;
        Matcher m = HOST_SLASH_IP.matcher(text);
        while (m.find()) {
            hostPorts.add(m.group(1) + ":" + m.group(2));
        }
        rest = HOST_SLASH_IP.matcher(rest).replaceAll(" ");
        m = SLASH_IP.matcher(rest);
        while (m.find()) {
            hostPorts.add(m.group(1) + ":" + m.group(2));
        }
        rest = SLASH_IP.matcher(rest).replaceAll(" ");
        m = HOST_PORT.matcher(rest);
        while (m.find()) {
            hostPorts.add(m.group(1) + ":" + m.group(2));
        }

        m = TOPIC_PARTITION.matcher(text);
        while (m.find()) {
            topics.add(m.group(1));
            partitions.add(m.group(1) + "-" + m.group(2));
        }
        // A name the text already calls a partition is not also a host ("for orders-0:30000" in other wordings).
        hostPorts.removeIf(hp -> partitions.contains(hp.substring(0, hp.lastIndexOf(':'))));
        m = METADATA_MAP.matcher(text);
        while (m.find()) {
            for (String entry : m.group(1).split(",")) {
                topics.add(entry.trim().substring(0, entry.trim().indexOf('=')));
            }
        }
        m = TOPIC_NOT_PRESENT.matcher(text);
        while (m.find()) {
            topics.add(m.group(1));
        }
        m = TOPIC_LIST.matcher(text);
        while (m.find()) {
            for (String t : m.group(1).split(",")) {
                if (!t.isBlank()) {
                    topics.add(t.trim());
                }
            }
        }
        // KafkaJS logs the topic and the partition as separate fields: pair them in order of appearance.
        List<String> keyedTopics = new ArrayList<>();
        m = TOPIC_KEY.matcher(text);
        while (m.find()) {
            keyedTopics.add(m.group(1));
            topics.add(m.group(1));
        }
        m = PARTITION_KEY.matcher(text);
        int i = 0;
        while (m.find() && i < keyedTopics.size()) {
            partitions.add(keyedTopics.get(i++) + "-" + m.group(1));
        }
        return new ErrorContext(List.copyOf(hostPorts), List.copyOf(topics), List.copyOf(partitions));
    }
}
