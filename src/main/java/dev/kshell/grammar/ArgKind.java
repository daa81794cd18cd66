package dev.kshell.grammar;

/**
 * What kind of value an option or positional argument takes. The parser uses it to know whether an option takes a
 * value ({@link #FLAG} does not) and to check {@link #CHOICE} values; the completer maps each kind to the source of
 * its candidates (the cached snapshot, the sandbox's nodes, the state store, the file system, the command list).
 */
public enum ArgKind {
    /** Free text: nothing to complete. */
    TEXT,
    /** An option without a value. */
    FLAG,
    /** One of the declared values (checked by the parser, offered by completion). */
    CHOICE,
    INTEGER,
    /** A duration as {@code util.Durations} reads it: 500ms, 30s, 5m, 1m30s. */
    DURATION,

    TOPIC,
    /** A topic holding at least one {@link #UNCLEAN_PARTITION}. */
    UNCLEAN_TOPIC,
    /** A topic holding at least one {@link #OFF_PREFERRED_PARTITION}. */
    OFF_PREFERRED_TOPIC,
    /** A {@code topic-N} partition name. */
    PARTITION,
    /** Leaderless, and only out-of-sync replicas are alive: what {@code elect unclean} may take. */
    UNCLEAN_PARTITION,
    /** Led by another replica than its live, in-sync preferred one: what {@code elect preferred} moves back. */
    OFF_PREFERRED_PARTITION,
    /** A partition whose replica order kshell changed and has not restored (the state store's reorder records). */
    REORDERED_PARTITION,

    BROKER_ID,
    LIVE_BROKER_ID,
    STOPPED_BROKER_ID,
    CONTROLLER_ID,
    LIVE_CONTROLLER_ID,
    STOPPED_CONTROLLER_ID,
    /** Any node id, broker or controller. */
    NODE_ID,
    LIVE_NODE_ID,
    STOPPED_NODE_ID,

    /** A sandbox scenario name. */
    SCENARIO,
    /** A profile of {@code profiles.yaml}. */
    PROFILE,
    /** A broker or topic configuration key. */
    CONFIG_KEY,
    /** A topic config key ({@code configs delete topic T KEY}). */
    TOPIC_CONFIG_KEY,
    /** A broker config key ({@code configs delete broker N KEY}, {@code brokers}). */
    BROKER_CONFIG_KEY,
    /** A topic config {@code key=value} ({@code configs set topic T KEY=VALUE}). */
    TOPIC_CONFIG_SETTING,
    /** A broker config {@code key=value}. */
    BROKER_CONFIG_SETTING,
    /** A temporary config change kshell remembers ({@code configs revert ID}). */
    TEMPORARY_CHANGE,
    /** A consumer group id. */
    GROUP,

    /** A listener endpoint, {@code LISTENER://HOST:PORT} (a controller's, for a voter change). */
    ENDPOINT,
    FILE,
    DIRECTORY,
    KSH_FILE,
    PROPERTIES_FILE,

    /** A command name (as {@code help} takes it). */
    COMMAND,
    /** The rest of the line is another command line (the launcher's one-shot command): options end here. */
    COMMAND_LINE,
    /** The rest of the line is another command line that reads the cluster ({@code watch}): options end here. */
    READ_COMMAND_LINE,
    /** The rest of the line is words given to completion ({@code __complete}): options end here. */
    WORDS;

    /** True when an option of this kind is followed by a value. */
    public boolean takesValue() {
        return this != FLAG;
    }

    /** True when a positional argument of this kind swallows the rest of the line, dashes included. */
    public boolean endsOptions() {
        return this == COMMAND_LINE || this == READ_COMMAND_LINE || this == WORDS;
    }
}
