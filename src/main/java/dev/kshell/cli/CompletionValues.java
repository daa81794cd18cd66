package dev.kshell.cli;

import dev.kshell.rules.PartitionHealth;
import dev.kshell.rules.RecoveryClass;
import dev.kshell.rules.lint.KnownKeys;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.PartitionState;
import dev.kshell.model.QuorumReplica;
import dev.kshell.model.TopicState;
import dev.kshell.connection.ProfileSet;
import dev.kshell.connection.ProfileStore;
import dev.kshell.util.Environment;
import dev.kshell.util.Validated;
import org.jline.reader.Candidate;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The values completion offers, computed from a snapshot already in memory (or a small local file): pure functions,
 * no cluster calls. Each returns only the candidates that start with the word being typed, so that a cluster with
 * tens of thousands of partitions never hands the line editor a list it has to filter on the key-press thread.
 */
public final class CompletionValues {

    /** Above this many partitions, partition specs are completed in two steps: first {@code topic-}, then the number. */
    static final int PARTITION_LIST_LIMIT = 200;

    /** Directory listings stop here (a Tab in /usr/lib should not stall). */
    private static final int FILE_LIMIT = 500;

    private CompletionValues() {
    }

    public static List<Candidate> topics(ClusterSnapshot s, String word) {
        List<Candidate> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        for (TopicState t : s.topics()) {
            if (t.name().startsWith(word)) {
                out.add(new Candidate(t.name(), t.name(), "topics", t.internal() ? "internal" : null, null, null, true));
            }
        }
        return out;
    }

    /** Topics that hold at least one partition selected by {@code which}. */
    public static List<Candidate> topicsWith(ClusterSnapshot s, Predicate<PartitionState> which, Set<Integer> live, String word) {
        List<Candidate> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        for (TopicState t : s.topics()) {
            long n = t.partitions().stream().filter(which).count();
            if (n > 0 && t.name().startsWith(word)) {
                out.add(new Candidate(t.name(), t.name(), "topics", n + " partition" + (n == 1 ? "" : "s"), null, null, true));
            }
        }
        return out;
    }

    /**
     * {@code topic-N} specs of the partitions {@code which} selects. Small lists are offered whole; large ones first
     * as {@code topic-} (not complete, so no space follows) and, once a topic is typed in full, as its partitions.
     */
    public static List<Candidate> partitions(ClusterSnapshot s, Predicate<PartitionState> which, String word,
                                             String description) {
        List<Candidate> out = new ArrayList<>();
        if (s == null) {
            return out;
        }
        List<PartitionState> selected = new ArrayList<>();
        for (TopicState t : s.topics()) {
            for (PartitionState p : t.partitions()) {
                if (which.test(p)) {
                    selected.add(p);
                }
            }
        }
        if (selected.size() <= PARTITION_LIST_LIMIT) {
            for (PartitionState p : selected) {
                if (p.name().startsWith(word)) {
                    out.add(new Candidate(p.name(), p.name(), "partitions", description, null, null, true));
                }
            }
            return out;
        }
        Set<String> topicPrefixes = new TreeSet<>();
        for (PartitionState p : selected) {
            String prefix = p.topic() + "-";
            if (word.startsWith(prefix)) {
                if (p.name().startsWith(word)) {
                    out.add(new Candidate(p.name(), p.name(), "partitions", description, null, null, true));
                }
            } else if (prefix.startsWith(word)) {
                topicPrefixes.add(prefix);
            }
        }
        for (String prefix : topicPrefixes) {
            out.add(new Candidate(prefix, prefix, "topics", null, null, null, false));
        }
        return out;
    }

    /** Leaderless with only out-of-sync replicas alive ({@link RecoveryClass#UNCLEAN_ONLY}). */
    public static Predicate<PartitionState> uncleanOnly(Set<Integer> live) {
        return p -> PartitionHealth.recovery(p, live) == RecoveryClass.UNCLEAN_ONLY;
    }

    /**
     * Not led by its preferred replica although that replica is live and in sync, so a preferred election would
     * move leadership back (Kafka refuses when the preferred replica is dead or out of sync).
     */
    public static Predicate<PartitionState> notOnPreferredLeader(Set<Integer> live) {
        return p -> {
            Integer preferred = p.preferredLeader();
            return preferred != null && !Objects.equals(p.leader(), preferred) && live.contains(preferred)
                    && p.isr().contains(preferred);
        };
    }

    /** Which nodes of a role to offer. */
    public enum NodeFilter { ANY, LIVE, STOPPED }

    /** Broker ids: registered ones and any the quorum lists as observers (a stopped broker may be only there). */
    public static List<Candidate> brokers(ClusterSnapshot s, boolean liveOnly, String word) {
        return brokers(s, liveOnly ? NodeFilter.LIVE : NodeFilter.ANY, word);
    }

    /** Broker ids as {@link #brokers(ClusterSnapshot, boolean, String)}, live, down or either. */
    public static List<Candidate> brokers(ClusterSnapshot s, NodeFilter filter, String word) {
        Set<Integer> ids = new TreeSet<>();
        Set<Integer> live = new TreeSet<>();
        if (s != null) {
            for (BrokerState b : s.brokers()) {
                ids.add(b.id());
                if (b.live()) {
                    live.add(b.id());
                }
            }
            if (s.quorum() != null) {
                Set<Integer> voters = new TreeSet<>();
                s.quorum().voters().forEach(v -> voters.add(v.id()));
                for (QuorumReplica o : s.quorum().observers()) {
                    if (!voters.contains(o.id())) {
                        ids.add(o.id());
                    }
                }
            }
        }
        List<Candidate> out = new ArrayList<>();
        for (Integer id : ids) {
            if (filter == NodeFilter.LIVE && !live.contains(id) || filter == NodeFilter.STOPPED && live.contains(id)) {
                continue;
            }
            String value = id.toString();
            if (value.startsWith(word)) {
                out.add(new Candidate(value, value, "brokers", live.contains(id) ? "broker, live" : "broker, down or fenced",
                        null, null, true));
            }
        }
        return out;
    }

    /** Voter ids of the metadata quorum, the leader marked. */
    public static List<Candidate> controllers(ClusterSnapshot s, String word) {
        List<Candidate> out = new ArrayList<>();
        if (s == null || s.quorum() == null) {
            return out;
        }
        for (QuorumReplica v : s.quorum().voters()) {
            String value = Integer.toString(v.id());
            if (value.startsWith(word)) {
                out.add(new Candidate(value, value, "controllers",
                        v.id() == s.quorum().leaderId() ? "controller, quorum leader" : "controller", null, null, true));
            }
        }
        return out;
    }

    /**
     * Group ids as last listed (the snapshot refresh and the group commands list them). Only ids that can be typed
     * back as one word are offered: an id holding control characters or spaces is left out rather than inserted raw
     * into the line (`groups` shows it escaped).
     */
    public static List<Candidate> groups(List<String> ids, String word) {
        List<Candidate> out = new ArrayList<>();
        for (String id : ids) {
            if (id.startsWith(word) && id.chars().allMatch(c -> c > 0x20 && c != 0x7f && c < 0x80
                    || Character.isLetterOrDigit(c))) {
                out.add(new Candidate(id, id, "groups", null, null, null, true));
            }
        }
        return out;
    }

    /** Every candidate of {@code values} starting with {@code word}, described as {@code description}. */
    public static List<Candidate> fixed(List<String> values, String group, String description, String word) {
        List<Candidate> out = new ArrayList<>();
        for (String v : values) {
            if (v.startsWith(word)) {
                out.add(new Candidate(v, v, group, description, null, null, true));
            }
        }
        return out;
    }

    /** Profile names from {@code home/profiles.yaml}; nothing when the file is missing or malformed. */
    public static List<Candidate> profiles(Path home, String word) {
        List<Candidate> out = new ArrayList<>();
        Validated<ProfileSet> loaded = ProfileStore.load(home);
        if (!loaded.isOk()) {
            return out;
        }
        loaded.orElseThrow().profiles().forEach(p -> {
            if (p.name().startsWith(word)) {
                out.add(new Candidate(p.name(), p.name(), "profiles", p.target(), null, null, true));
            }
        });
        return out;
    }

    /** Topic config keys (kafka-clients' TopicConfig) and broker keys (Kafka's own definitions), sorted. */
    public static List<Candidate> configKeys(String word) {
        return keys(ConfigKeys.ALL, word, false);
    }

    /**
     * The config keys of one kind of entity ({@code topic}: kafka-clients' TopicConfig; {@code broker}: Kafka's
     * server definitions), as {@code key=} when a value follows ({@code configs set}: no space after it).
     */
    public static List<Candidate> configKeys(String word, boolean topic, boolean setting) {
        return keys(topic ? ConfigKeys.TOPIC : ConfigKeys.BROKER, word, setting);
    }

    private static List<Candidate> keys(Set<String> keys, String word, boolean setting) {
        List<Candidate> out = new ArrayList<>();
        String typedKey = setting && word.contains("=") ? null : word;
        if (typedKey == null) {
            return out; // the value is the operator's
        }
        for (String key : new TreeSet<>(keys)) {
            if (key.startsWith(typedKey)) {
                String value = setting ? key + "=" : key;
                out.add(new Candidate(value, value, "config keys", null, null, null, !setting));
            }
        }
        return out;
    }

    /** Loads the key lists once, on first use (KnownKeys reads Kafka's server config definitions). */
    private static final class ConfigKeys {
        static final Set<String> TOPIC = topicKeys();
        static final Set<String> BROKER = brokerKeys();
        static final Set<String> ALL = all();

        private static Set<String> all() {
            Set<String> keys = new TreeSet<>(TOPIC);
            keys.addAll(BROKER);
            return Set.copyOf(keys);
        }

        private static Set<String> topicKeys() {
            Set<String> keys = new TreeSet<>();
            try {
                for (Field f : org.apache.kafka.common.config.TopicConfig.class.getFields()) {
                    if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class && f.getName().endsWith("_CONFIG")) {
                        keys.add((String) f.get(null));
                    }
                }
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                // fewer keys to offer; completion goes on
            }
            return Set.copyOf(keys);
        }

        private static Set<String> brokerKeys() {
            try {
                return Set.copyOf(KnownKeys.kafka().keys());
            } catch (RuntimeException | LinkageError e) {
                return Set.of(); // the server's definitions are optional here
            }
        }
    }

    /** Warms the config key list (call off the key-press thread). */
    public static void preload() {
        ConfigKeys.ALL.size();
    }

    /**
     * Paths under the directory the word names (relative to the working directory, {@code ~/} expanded).
     * Directories end in {@code /} and are not complete (no space follows); files are offered when {@code accept}
     * takes their name. Hidden entries only when the typed name starts with a dot.
     */
    public static List<Candidate> files(String word, Predicate<String> accept) {
        List<Candidate> out = new ArrayList<>();
        int slash = word.lastIndexOf('/');
        String dirPart = slash < 0 ? "" : word.substring(0, slash + 1);
        String namePrefix = word.substring(slash + 1);
        String expanded = dirPart.startsWith("~/") ? Environment.userHome() + dirPart.substring(1) : dirPart;
        Path dir = dirPart.isEmpty() ? Path.of(".") : Path.of(expanded);
        if (!Files.isDirectory(dir)) {
            return out;
        }
        List<String[]> entries = new ArrayList<>();
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(dir)) {
            int n = 0;
            for (Path p : stream) {
                if (++n > FILE_LIMIT) {
                    break;
                }
                String name = p.getFileName().toString();
                if (!name.startsWith(namePrefix) || (name.startsWith(".") && !namePrefix.startsWith("."))) {
                    continue;
                }
                if (Files.isDirectory(p)) {
                    entries.add(new String[] {dirPart + name + "/", "d"});
                } else if (accept.test(name)) {
                    entries.add(new String[] {dirPart + name, "f"});
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        entries.sort((a, b) -> a[0].compareTo(b[0]));
        for (String[] e : entries) {
            boolean isDir = e[1].equals("d");
            out.add(new Candidate(e[0], e[0], isDir ? "directories" : "files", null, null, null, !isDir));
        }
        return out;
    }
}
