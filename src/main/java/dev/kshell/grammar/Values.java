package dev.kshell.grammar;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.kshell.model.PartitionSpec;
import dev.kshell.util.Durations;
import dev.kshell.util.Validated;

import java.time.Duration;

/**
 * How a word becomes a typed value, by {@link ArgKind}. The grammar converts every option value and positional word
 * when it parses a line, so a bad value is a usage error (exit 2, or {@code file:line} in a runbook's check) before
 * anything runs, and commands read typed values ({@link Opt}, {@link Arg}).
 */
public final class Values {

    /** Converts one word; a bad word is an {@link IllegalArgumentException} whose message is the operator's sentence. */
    @FunctionalInterface
    public interface Converter {
        Object convert(String what, String word);

        /** The word as it is. */
        Converter TEXT = (what, word) -> word;
        Converter FLAG = (what, word) -> Boolean.parseBoolean(word);
        Converter INTEGER = (what, word) -> {
            try {
                return Integer.parseInt(word);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(what + " takes a whole number, not '" + word + "'");
            }
        };
        Converter NODE_ID = (what, word) -> {
            try {
                return Integer.parseInt(word);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("node id must be a number, not '" + word + "'");
            }
        };
        Converter DURATION = (what, word) -> {
            Validated<Duration> parsed = Durations.parse(word, what);
            if (!parsed.isOk()) {
                String message = parsed.errors().get(0).message();
                throw new IllegalArgumentException(message.startsWith(what) ? message : what + ": " + message);
            }
            return parsed.orElseThrow();
        };
        /** {@code topic-3} or {@code topic:3}; the topic is checked against the cluster later. */
        Converter PARTITION = (what, word) -> {
            PartitionSpec.Parsed parsed = PartitionSpec.parse(word);
            if (!parsed.ok()) {
                throw new IllegalArgumentException(parsed.error().message());
            }
            return parsed.spec();
        };
    }

    /** {@code LISTENER://HOST:PORT}; an IPv6 host in brackets. */
    private static final Pattern ENDPOINT = Pattern.compile("([A-Za-z0-9_]+)://(\\[[0-9A-Fa-f:.]+]|[^\\s:/\\[\\]]+):([0-9]{1,9})");

    /** A listener endpoint as Kafka's voter changes take it: a bad one is a usage error before any cluster call. */
    static final Converter ENDPOINT_CONVERTER = (what, word) -> {
        String example = "for example CONTROLLER://c2.example:9093";
        if (word.isBlank()) {
            throw new IllegalArgumentException(what + " takes a listener endpoint, LISTENER://HOST:PORT (" + example
                    + ")");
        }
        Matcher m = ENDPOINT.matcher(word);
        if (!m.matches()) {
            String hint = word.contains("://") ? "LISTENER://HOST:PORT" : "the listener's name too, LISTENER://"
                    + word + " (as in the controller's listeners setting)";
            throw new IllegalArgumentException(what + " " + word + ": not an endpoint; give " + hint + " (" + example
                    + ")");
        }
        int port = Integer.parseInt(m.group(3));
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(what + " " + word + ": port " + m.group(3)
                    + " is out of range (1-65535)");
        }
        return word;
    };

    private Values() {
    }

    /** The converter a kind implies: numbers for counts and node ids, durations, else the word itself. */
    public static Converter forKind(ArgKind kind) {
        return switch (kind) {
            case FLAG -> Converter.FLAG;
            case INTEGER -> Converter.INTEGER;
            case DURATION -> Converter.DURATION;
            case ENDPOINT -> ENDPOINT_CONVERTER;
            case BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID, CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID,
                 NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> Converter.NODE_ID;
            default -> Converter.TEXT;
        };
    }

    /** The Java type of the value {@link #forKind} gives. */
    static Class<?> typeOf(ArgKind kind) {
        return switch (kind) {
            case FLAG -> Boolean.class;
            case INTEGER, BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID, CONTROLLER_ID, LIVE_CONTROLLER_ID,
                 STOPPED_CONTROLLER_ID, NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> Integer.class;
            case DURATION -> Duration.class;
            default -> String.class;
        };
    }
}
