package dev.kshell.rules.explain;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Turns a Kafka client error, as pasted from an application log, into its likely cause and the kshell commands to run
 * next. Recognises Kafka error names ({@code NOT_LEADER_OR_FOLLOWER}), their messages in the Java client's and
 * KafkaJS's spellings, Java exception class names, KafkaJS error classes, numeric codes ({@code error code 19}) and
 * socket errors ({@code ECONNREFUSED}). Topic, topic-partition and host:port names found in the text are put into the
 * suggested commands ({@code describe orders}).
 *
 * <p>Pure and total: any text, including null, gives at least one explanation; nothing throws. Matching is
 * case-insensitive and every pattern is compiled once, when the class loads.
 */
public final class ErrorExplainer {

    /** The {@link Explanation#matchedPattern()} of the answer given when nothing is recognised. */
    public static final String NO_KNOWN_PATTERN = "no known pattern";

    /** Longer text is cut to this many characters: explain is for a pasted error, not a whole log file. */
    public static final int MAX_TEXT_CHARS = 64 * 1024;

    private static final int MAX_EXPANSIONS = 3;

    /** Commands of kshell's sandbox: suggested only in a sandbox session. */
    private static final String SANDBOX_COMMAND = "sandbox ";

    /** One recognised error: the Kafka name (or symptom), its numeric code if it has one, and what to say. */
    private record Rule(String name, Integer code, boolean wrapper, Pattern pattern, String cause, String check,
                        List<String> commands) {

        String label() {
            return code == null ? name : name + " (error code " + code + ")";
        }
    }

    private static final List<Rule> RULES = List.of(
            rule("LEADER_NOT_AVAILABLE", 5,
                    "(?<![a-z_])LEADER_NOT_AVAILABLE|(?<![a-z])LeaderNotAvailable"
                            + "|no leader for this topic-partition|in the middle of a leadership election",
                    "A partition{topic| of topic %s|} has no leader right now: either an election is in progress "
                            + "(a broker just stopped or restarted; clients retry and it clears in seconds), or no "
                            + "replica in ISR/ELR is alive and the partition is stuck leaderless.",
                    "Whether it lasts more than a few seconds; which partitions are leaderless and whether any of "
                            + "their ISR/ELR replicas is on a live broker.",
                    List.of("leaderless", "triage", "describe {topic}")),
            rule("NOT_LEADER_OR_FOLLOWER", 6,
                    "NOT_LEADER_OR_FOLLOWER|NOT_LEADER_FOR_PARTITION|NotLeaderOrFollower|NotLeaderForPartition"
                            + "|not the leader for that topic-partition|broker is not the current leader"
                            + "|not a replica of the topic partition",
                    "The client sent to a broker that no longer leads {tp|partition %s|the partition}: its metadata is stale "
                            + "because leadership moved (broker restart, reassignment or preferred election). "
                            + "Clients refresh metadata and retry; it is a problem only if it keeps happening.",
                    "Who leads the partition now and whether leadership keeps moving (a broker flapping, or "
                            + "fenced and unfenced repeatedly).",
                    List.of("describe {topic}", "brokers")),
            rule("ECONNREFUSED", null,
                    "ECONNREFUSED|Connection refused",
                    "Nothing accepted the TCP connection{hostport| at %s|}: the broker is "
                            + "down, the port is wrong, or the broker advertises a listener address the client cannot "
                            + "reach (advertised.listeners naming localhost or a container name).",
                    "Is the broker process up and listening on that port; does advertised.listeners name an "
                            + "address reachable from the client; is the client's bootstrap list right.",
                    List.of("brokers", "sandbox status", "lint <server.properties>")),
            rule("ENOTFOUND", null,
                    "ENOTFOUND|getaddrinfo|UnknownHostException|Couldn't resolve server"
                            + "|No resolvable bootstrap urls",
                    "A host name{hostport| (%s)|} does not resolve from the client: a typo in the bootstrap list, or "
                            + "brokers advertise internal names (container or pod names) in advertised.listeners.",
                    "DNS for the bootstrap and advertised host names from the client's network.",
                    List.of("brokers", "lint <server.properties>")),
            rule("BROKER_NOT_AVAILABLE", 8,
                    "Broker may not be available|Node may not be available|could not be established"
                            + "|(?<![a-z_])BROKER_NOT_AVAILABLE|BrokerNotAvailable|The broker is not available",
                    "The client could not open a connection to {hostport|%s|a broker}: the broker is down or "
                            + "restarting, a firewall blocks the port, or the address it advertises is not "
                            + "reachable from the client.",
                    "Whether that broker is registered and unfenced; its advertised.listeners; the network path "
                            + "from the client.",
                    List.of("brokers", "sandbox status", "lint <server.properties>")),
            rule("NOT_ENOUGH_REPLICAS", 19,
                    "NOT_ENOUGH_REPLICAS(?!_AFTER_APPEND)|NotEnoughReplicasException"
                            + "|rejected since there are fewer in-sync replicas than required",
                    "The ISR of {tp|partition %s|the partition} is smaller than min.insync.replicas, so writes with acks=all "
                            + "are refused (the partition still serves reads). Brokers are down or followers lag.",
                    "Which partitions are under min ISR, which of their replicas are out of sync, and whether "
                            + "those brokers are down or just slow.",
                    List.of("under-min-isr", "brokers", "describe {topic}")),
            rule("NOT_ENOUGH_REPLICAS_AFTER_APPEND", 20,
                    "NOT_ENOUGH_REPLICAS_AFTER_APPEND|NotEnoughReplicasAfterAppend"
                            + "|written to the log, but to fewer in-sync replicas than required",
                    "The leader of {tp|%s|the partition} wrote the batch, but the ISR shrank below "
                            + "min.insync.replicas before enough followers had it. The producer retries, which can "
                            + "duplicate records unless it is idempotent.",
                    "Which followers dropped out of the ISR and why (broker down, disk or network slow).",
                    List.of("under-min-isr", "under-replicated", "describe {topic}")),
            rule("NODE_ASSIGNMENT_TIMEOUT", null,
                    "Timed out waiting for (?:a )?node assignment",
                    "The client found no broker to send the call to: no bootstrap broker{hostport| (%s)|} is "
                            + "reachable, or brokers are running but never registered with the controllers, so the "
                            + "metadata lists no usable broker.",
                    "Whether the controller quorum has a leader and which brokers are registered and unfenced "
                            + "(ask the controllers directly: the brokers may be unreachable).",
                    List.of("quorum --bootstrap-controller <controller-host:port>", "brokers")),
            rule("BROKER_REGISTRATION_FAILED", null,
                    "unable to register with the controller quorum|unable to register broker"
                            + "|register with the controller quorum",
                    "The broker could not register with the KRaft controllers in time and shut down: the "
                            + "controllers are unreachable from it (controller.quorum.bootstrap.servers or "
                            + "controller.quorum.voters, controller.listener.names, network), the quorum has no "
                            + "leader, or its cluster id differs from the quorum's.",
                    "That the quorum has a leader; the broker's controller settings against the controllers' "
                            + "listeners; the cluster.id in the broker's meta.properties.",
                    List.of("quorum --bootstrap-controller <controller-host:port>", "lint <server.properties>",
                            "brokers")),
            rule("UNKNOWN_TOPIC_OR_PARTITION", 3,
                    "UNKNOWN_TOPIC_OR_PARTITION|UnknownTopicOrPartition|does not host this topic-partition"
                            + "|not present in metadata|unknown topic or partition",
                    "The topic{topic| %s|} does not exist (a typo, not created yet, auto-creation off) or was "
                            + "deleted; briefly after creation, a broker may also not have caught up with the "
                            + "metadata yet.",
                    "The exact topic name and whether it exists; the partition number against its partition count.",
                    List.of("topics", "describe {topic}")),
            rule("COORDINATOR_NOT_AVAILABLE", 15,
                    "(?<![a-z_])COORDINATOR_NOT_AVAILABLE|(?<![a-z])CoordinatorNotAvailable"
                            + "|The coordinator is not available",
                    "The group or transaction coordinator is unavailable: the partition of __consumer_offsets (or "
                            + "__transaction_state) that owns the group has no leader, or the internal topic is not "
                            + "created yet (a new cluster with fewer brokers than its replication factor).",
                    "The leaders and ISR of __consumer_offsets and __transaction_state partitions.",
                    List.of("coordinators", "describe __consumer_offsets", "triage")),
            rule("NOT_COORDINATOR", 16,
                    "(?<![a-z_])NOT_COORDINATOR|(?<![a-z])NotCoordinator|not the correct coordinator",
                    "The coordinator moved: leadership of the __consumer_offsets (or __transaction_state) partition "
                            + "that owns the group changed. Clients rediscover it; a problem only if it keeps "
                            + "happening.",
                    "Whether the coordinator partitions keep changing leader (a broker flapping).",
                    List.of("coordinators", "describe __consumer_offsets")),
            rule("COORDINATOR_LOAD_IN_PROGRESS", 14,
                    "COORDINATOR_LOAD_IN_PROGRESS|CoordinatorLoadInProgress|The coordinator is loading",
                    "A broker just became coordinator and is still loading group state from __consumer_offsets; "
                            + "usually seconds, longer when the offsets partitions are large.",
                    "Whether it clears; the size of the __consumer_offsets partitions.",
                    List.of("coordinators")),
            rule("REQUEST_TIMED_OUT", 7,
                    "REQUEST_TIMED_OUT|request timed out|KafkaJSRequestTimeoutError"
                            + "|timed out at \\d+ after \\d+ attempt|Expiring \\d+ record\\(s\\)",
                    "A broker{hostport| (%s)|} did not answer within request.timeout.ms: it is overloaded or stalled, "
                            + "the leader waits for followers that lag (acks=all), the partition has no leader, or "
                            + "the network drops packets.",
                    "Broker health, under-replicated and leaderless partitions, and whether only some brokers or "
                            + "topics are affected.",
                    List.of("triage", "under-replicated", "brokers", "describe {topic}")),
            rule("NETWORK_EXCEPTION", 13,
                    "(?<![a-z_])NETWORK_EXCEPTION|(?<![a-z.])NetworkException"
                            + "|disconnected before a response was received",
                    "The broker{hostport| (%s)|} closed the connection mid-request: it stopped, crashed or restarted, "
                            + "or an idle/proxy timeout cut the connection.",
                    "Whether a broker restarted (registration, fenced state) around that time.",
                    List.of("brokers", "triage")),
            rule("TOPIC_AUTHORIZATION_FAILED", 29,
                    "TOPIC_AUTHORIZATION_FAILED|TopicAuthorization|Not authorized to access topics"
                            + "|Topic authorization failed",
                    "The client's principal has no ACL for the operation on the topic{topic| %s|}.",
                    "The principal the client authenticates as (security.protocol, sasl.jaas.config) and the ACLs "
                            + "for it (kafka-acls.sh --list --topic ...).",
                    List.of("status", "describe {topic}")),
            rule("GROUP_AUTHORIZATION_FAILED", 30,
                    "GROUP_AUTHORIZATION_FAILED|GroupAuthorization|Group authorization failed"
                            + "|Not authorized to access group",
                    "The client's principal has no ACL for its consumer group.",
                    "The principal and the group ACLs (kafka-acls.sh --list --group ...).",
                    List.of("status")),
            rule("CLUSTER_AUTHORIZATION_FAILED", 31,
                    "CLUSTER_AUTHORIZATION_FAILED|ClusterAuthorization|Cluster authorization failed",
                    "The principal lacks a cluster-level ACL (needed for admin operations such as elections, "
                            + "describing the quorum, or idempotent producers on old brokers).",
                    "The principal kshell connects as and its cluster ACLs.",
                    List.of("status")),
            rule("SASL_AUTHENTICATION_FAILED", 58,
                    "SASL_AUTHENTICATION_FAILED|SaslAuthentication|SASL[\\w -]*authentication failed"
                            + "|Authentication failed (?:during|due to)|invalid credentials",
                    "The broker rejected the client's credentials: wrong user or password, the wrong "
                            + "sasl.mechanism (PLAIN vs SCRAM-SHA-256 vs SCRAM-SHA-512), a SCRAM user not created for "
                            + "that mechanism, or a SASL client talking to a listener configured differently.",
                    "sasl.mechanism, sasl.jaas.config and security.protocol in the client properties against the "
                            + "listener's configuration and the users that exist.",
                    List.of("status")),
            rule("SSL_HANDSHAKE_FAILED", null,
                    "SSL handshake failed|SslAuthenticationException|PKIX path|unable to find valid certification path"
                            + "|self[- ]signed certificate|No subject alternative",
                    "TLS failed before Kafka spoke: the client does not trust the broker's certificate (trust store), "
                            + "the certificate does not name the host the client connected to, or the client "
                            + "speaks TLS to a plaintext port (or the reverse).",
                    "ssl.truststore.* and security.protocol in the client properties; the certificate's names "
                            + "against advertised.listeners.",
                    List.of("status", "lint <server.properties>")),
            rule("OFFSET_OUT_OF_RANGE", 1,
                    "OFFSET_OUT_OF_RANGE|OffsetOutOfRange|offset is not within the range"
                            + "|out of range for partition",
                    "The consumer asked for an offset {tp|partition %s|the partition} no longer has: retention deleted it, or "
                            + "the log was truncated below it after an unclean leader election (data loss). With "
                            + "auto.offset.reset=none the consumer stops.",
                    "The partition's start and end offsets against the consumer's committed offset; whether an "
                            + "unclean election happened recently.",
                    List.of("describe {topic}", "triage")),
            rule("ELECTION_NOT_NEEDED", 84,
                    "ELECTION_NOT_NEEDED|ElectionNotNeeded|Leader election not needed",
                    "Not a failure: {tp|partition %s|the partition} already has the leader the election asked for (the "
                            + "preferred replica leads, or a leader exists for an unclean election).",
                    "Nothing, unless the partition was expected to be leaderless.",
                    List.of("describe {topic}")),
            rule("PREFERRED_LEADER_NOT_AVAILABLE", 80,
                    "PREFERRED_LEADER_NOT_AVAILABLE|PreferredLeaderNotAvailable|preferred leader was not available",
                    "The preferred replica (first in the assignment) of {tp|%s|the partition} is offline or not in the "
                            + "ISR, so a preferred election cannot move leadership to it.",
                    "Whether the preferred replica's broker is up and back in the ISR; retry after it catches up.",
                    List.of("describe {topic}", "brokers", "under-replicated")),
            rule("ELIGIBLE_LEADERS_NOT_AVAILABLE", 83,
                    "ELIGIBLE_LEADERS_NOT_AVAILABLE|EligibleLeadersNotAvailable"
                            + "|Eligible topic partition leaders are not available",
                    "No replica of {tp|%s|the partition} is eligible to lead: none of its ISR or ELR replicas is alive. "
                            + "It stays leaderless until one comes back; an unclean election is the last resort and "
                            + "loses data.",
                    "Which replicas are alive and which are in ISR/ELR; whether a dead ISR broker can be restarted.",
                    List.of("leaderless", "triage", "elect unclean --dry-run {tp}")),
            rule("KafkaJSNumberOfRetriesExceeded", null, true,
                    "KafkaJSNumberOfRetriesExceeded|Number of retries exceeded",
                    "KafkaJS gave up after its retries; this is a wrapper, the real cause is the error it wraps "
                            + "(its originalError / cause, usually logged just before).",
                    "The wrapped error in the log; paste it into explain.",
                    List.of("triage")),
            rule("KafkaJSProtocolError", null, true,
                    "KafkaJSProtocolError",
                    "A Kafka broker returned an error code; KafkaJS wraps it. Its type field names the Kafka error "
                            + "(e.g. type: 'LEADER_NOT_AVAILABLE').",
                    "The type and code fields of the error.",
                    List.of("triage")));

    private static final Map<Integer, Rule> BY_CODE = RULES.stream().filter(r -> r.code() != null)
            .collect(Collectors.toUnmodifiableMap(Rule::code, Function.identity()));

    // "error code 19", "errorCode: 19", "error_code=19", "code":19, code: 19
    private static final Pattern CODE = Pattern.compile(
            "\\b(?:error[ _-]?code|code)[\"']?\\s*[:=]?\\s*(-?\\d{1,3})\\b", Pattern.CASE_INSENSITIVE);

    private static final Pattern PLACEHOLDER = Pattern.compile("\\{(topic|tp|hostport)(?:\\|([^|}]*)\\|([^}]*))?}");

    private ErrorExplainer() {
    }

    private static Rule rule(String name, Integer code, String regex, String cause, String check,
                             List<String> commands) {
        return rule(name, code, false, regex, cause, check, commands);
    }

    private static Rule rule(String name, Integer code, boolean wrapper, String regex, String cause, String check,
                             List<String> commands) {
        return new Rule(name, code, wrapper, Pattern.compile(regex, Pattern.CASE_INSENSITIVE), cause, check,
                commands);
    }

    /**
     * Explains every recognised error in {@code text}, in the order they appear, wrappers (KafkaJS retry and protocol
     * wrappers) last. Never empty: unrecognised text gives one {@value #NO_KNOWN_PATTERN} explanation. Only the first
     * {@value #MAX_TEXT_CHARS} characters are read.
     */
    public static List<Explanation> explain(String text) {
        return explain(text, ExplainSituation.DISCONNECTED);
    }

    /**
     * As {@link #explain(String)}, for this session: {@code sandbox} commands are suggested only when the session
     * runs kshell's sandbox (against a real cluster they would fail, or worse, name nothing the operator has).
     */
    public static List<Explanation> explain(String text, ExplainSituation situation) {
        String t = text == null ? "" : text.length() > MAX_TEXT_CHARS ? text.substring(0, MAX_TEXT_CHARS) : text;
        ErrorContext context = ErrorContext.of(t);

        record Hit(Rule rule, int at) {
        }
        List<Hit> hits = new ArrayList<>();
        for (Rule rule : RULES) {
            Matcher m = rule.pattern().matcher(t);
            if (m.find()) {
                hits.add(new Hit(rule, m.start()));
            }
        }
        Set<Integer> unknownCodes = new LinkedHashSet<>();
        Matcher codes = CODE.matcher(t);
        while (codes.find()) {
            int code = Integer.parseInt(codes.group(1));
            Rule rule = BY_CODE.get(code);
            if (rule == null) {
                if (code != 0) {
                    unknownCodes.add(code);
                }
            } else if (hits.stream().noneMatch(h -> h.rule() == rule)) {
                hits.add(new Hit(rule, codes.start()));
            }
        }
        hits.sort(Comparator.comparing((Hit h) -> h.rule().wrapper()).thenComparingInt(Hit::at));

        List<Explanation> out = new ArrayList<>();
        for (Hit hit : hits) {
            out.add(render(hit.rule(), context, situation.sandbox()));
        }
        if (out.isEmpty() || out.stream().allMatch(e -> isWrapper(e.matchedPattern())) && !unknownCodes.isEmpty()) {
            out.add(unknown(unknownCodes));
        }
        return List.copyOf(out);
    }

    /** The Kafka error names and symptoms this explainer recognises, in its order. */
    public static List<String> knownPatterns() {
        return RULES.stream().map(Rule::label).toList();
    }

    private static boolean isWrapper(String label) {
        return RULES.stream().anyMatch(r -> r.wrapper() && r.label().equals(label));
    }

    private static Explanation unknown(Set<Integer> codes) {
        String cause = codes.isEmpty()
                ? "kshell does not recognise this message: it names none of the Kafka errors kshell knows."
                : "Kafka error code " + codes.stream().map(String::valueOf).collect(Collectors.joining(", "))
                        + " is not one kshell explains; Kafka's protocol guide lists every code "
                        + "(kafka.apache.org/protocol#protocol_error_codes).";
        return new Explanation(NO_KNOWN_PATTERN, cause,
                "The full client log around the error: a Kafka error name (NOT_LEADER_OR_FOLLOWER), an exception "
                        + "class, or an 'error code N' to explain; meanwhile check the cluster as a whole.",
                List.of("triage"));
    }

    private static Explanation render(Rule rule, ErrorContext context, boolean sandbox) {
        List<String> commands = new ArrayList<>();
        for (String command : rule.commands()) {
            if (command.startsWith(SANDBOX_COMMAND) && !sandbox) {
                continue;
            }
            for (String expanded : expand(command, context)) {
                if (!commands.contains(expanded)) {
                    commands.add(expanded);
                }
            }
        }
        return new Explanation(rule.label(), fill(rule.cause(), context), fill(rule.check(), context), commands);
    }

    /** One command per named topic (or topic-partition), at most three; a placeholder when none is named. */
    private static List<String> expand(String command, ErrorContext context) {
        List<String> values = command.contains("{tp}") ? context.topicPartitions()
                : command.contains("{topic}") ? context.topics() : List.of();
        if (values.isEmpty()) {
            return List.of(fill(command, context));
        }
        String key = command.contains("{tp}") ? "{tp}" : "{topic}";
        return values.stream().limit(MAX_EXPANSIONS).map(v -> command.replace(key, v)).toList();
    }

    /**
     * Replaces {@code {topic}}, {@code {tp}} and {@code {hostport}} by the first name found (or a placeholder such as
     * {@code <topic>}); in prose {@code {x|with %s|without}} reads "with" around the name when one was found, else
     * "without".
     */
    private static String fill(String template, ErrorContext context) {
        Matcher m = PLACEHOLDER.matcher(template);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            Optional<String> value = switch (m.group(1)) {
                case "topic" -> context.topics().stream().findFirst();
                case "tp" -> context.topicPartitions().stream().findFirst();
                default -> context.hostPorts().stream().findFirst();
            };
            String replacement;
            if (m.group(2) != null) {
                String with = m.group(2);
                replacement = value.map(v -> with.replace("%s", v)).orElse(m.group(3));
            } else {
                replacement = value.orElse(switch (m.group(1)) {
                    case "topic" -> "<topic>";
                    case "tp" -> context.topics().isEmpty() ? "<topic>-<partition>"
                            : context.topics().get(0) + "-<partition>";
                    default -> "<host:port>";
                });
            }
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
