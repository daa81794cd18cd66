package dev.kshell.rules.election;

import dev.kshell.model.ElectionAnswer;
import dev.kshell.model.ExitCode;
import dev.kshell.model.PartitionSpec;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Per-partition outcomes of an election, classed as Kafka's {@code LeaderElectionCommand} does: succeeded,
 * not needed ({@code ElectionNotNeededException}), failed (anything else). Only failures make the exit code
 * non-zero (5).
 *
 * <p>The gateway gives typed answers ({@link ElectionAnswer}, Kafka's protocol errors as an enum), so this package
 * never imports Kafka. {@link #normalise} turns an exception's class name or a protocol error name into the
 * UPPER_SNAKE form the results carry.
 *
 * @param results one per partition, in the order given
 */
public record ElectionResults(List<PartitionResult> results) {

    public ElectionResults {
        results = List.copyOf(results);
    }

    public enum ResultClass { SUCCEEDED, NOT_NEEDED, FAILED }

    /**
     * @param partition "topic-3"
     * @param outcome   the class
     * @param errorName the normalised error name (UPPER_SNAKE, e.g. PREFERRED_LEADER_NOT_AVAILABLE), or null
     * @param message   one sentence for the operator (why it failed / why not needed), or null on success
     * @param newLeader the leader read back after the election, or null when not (yet) re-read or leaderless
     */
    public record PartitionResult(String partition, ResultClass outcome, String errorName, String message,
                                  Integer newLeader) {
        public PartitionResult withNewLeader(Integer leader) {
            return new PartitionResult(partition, outcome, errorName, message, leader);
        }
    }

    /**
     * Classes the gateway's typed answers. A partition asked for but missing from the answer is failed.
     *
     * @param asked   the partitions sent, in order
     * @param answers what the cluster answered per partition
     */
    public static ElectionResults of(Collection<PartitionSpec> asked, Map<PartitionSpec, ElectionAnswer> answers) {
        List<PartitionResult> out = new ArrayList<>();
        for (PartitionSpec p : asked) {
            out.add(of(p, answers.get(p)));
        }
        return new ElectionResults(out);
    }

    /** One partition's typed answer (null: no answer at all). */
    public static PartitionResult of(PartitionSpec partition, ElectionAnswer answer) {
        if (answer == null) {
            return new PartitionResult(partition.name(), ResultClass.FAILED, "NO_RESULT",
                    "the cluster returned no result for this partition", null);
        }
        if (answer.elected()) {
            return new PartitionResult(partition.name(), ResultClass.SUCCEEDED, null, null, null);
        }
        if (answer.error() == ElectionAnswer.Error.TIMEOUT) {
            return new PartitionResult(partition.name(), ResultClass.FAILED, UNKNOWN_OUTCOME,
                    "sent, but no answer came: the election may or may not have happened (check with `describe "
                            + partition.topic() + "`)" + (answer.detail() == null ? "" : "; " + answer.detail()), null);
        }
        if (answer.error() == ElectionAnswer.Error.OTHER) {
            return new PartitionResult(partition.name(), ResultClass.FAILED, "OTHER", "failed: " + answer.detail(), null);
        }
        return classify(partition.name(), Optional.of(answer.error().name()));
    }

    /** The error name of a result whose outcome is not known (sent, never answered). */
    public static final String UNKNOWN_OUTCOME = "OUTCOME_UNKNOWN";

    /** Results sent but never answered: the cluster may or may not have acted on them. */
    public List<PartitionResult> unknown() {
        return results.stream().filter(r -> UNKNOWN_OUTCOME.equals(r.errorName())).toList();
    }

    /** One partition, by the answer's protocol error name (empty or NONE = elected). */
    private static PartitionResult classify(String partition, Optional<String> errorName) {
        if (errorName.isEmpty() || errorName.get().isBlank() || normalise(errorName.get()).equals("NONE")) {
            return new PartitionResult(partition, ResultClass.SUCCEEDED, null, null, null);
        }
        String name = normalise(errorName.get());
        if (name.equals("ELECTION_NOT_NEEDED")) {
            return new PartitionResult(partition, ResultClass.NOT_NEEDED, name, "the leader is already the one asked for",
                    null);
        }
        return new PartitionResult(partition, ResultClass.FAILED, name, sentence(name), null);
    }

    /** A plan-level result with no cluster call: a partition kshell itself did not send (e.g. reorder failed). */
    public static PartitionResult failed(String partition, String errorName, String message) {
        return new PartitionResult(partition, ResultClass.FAILED, errorName == null ? null : normalise(errorName), message,
                null);
    }

    public static PartitionResult notNeeded(String partition, String message) {
        return new PartitionResult(partition, ResultClass.NOT_NEEDED, null, message, null);
    }

    /**
     * Results of {@code elect preferred}: the plan's not-needed rows are not-needed, its cannot rows are failed
     * (kshell did not send them: Kafka would answer PreferredLeaderNotAvailable), and the sent ones are classed
     * from the gateway's typed {@code answers} (a sent partition missing from them is failed).
     */
    public static ElectionResults ofPreferredAnswers(PreferredPlan plan, Map<PartitionSpec, ElectionAnswer> answers) {
        List<PartitionResult> out = new ArrayList<>();
        for (PreferredPlan.Row row : plan.rows()) {
            switch (row.verdict()) {
                case NOT_NEEDED -> out.add(notNeeded(row.partition(), row.reason()));
                case CANNOT -> out.add(failed(row.partition(), "PREFERRED_LEADER_NOT_AVAILABLE",
                        row.reason() + " (not sent)"));
                case WILL_ELECT -> out.add(of(new PartitionSpec(row.topic(), row.partitionId()),
                        answers.get(new PartitionSpec(row.topic(), row.partitionId()))));
            }
        }
        return new ElectionResults(out);
    }

    /** The same results with leaders read back after the election (partition name -> leader, null = none). */
    public ElectionResults withNewLeaders(Map<String, Integer> leaders) {
        return new ElectionResults(results.stream()
                .map(r -> leaders.containsKey(r.partition()) ? r.withNewLeader(leaders.get(r.partition())) : r)
                .toList());
    }

    /** Appends more results (e.g. partitions failed before the election). */
    public ElectionResults plus(List<PartitionResult> more) {
        List<PartitionResult> all = new ArrayList<>(results);
        all.addAll(more);
        return new ElectionResults(all);
    }

    public List<PartitionResult> succeeded() {
        return of(ResultClass.SUCCEEDED);
    }

    public List<PartitionResult> notNeeded() {
        return of(ResultClass.NOT_NEEDED);
    }

    public List<PartitionResult> failed() {
        return of(ResultClass.FAILED);
    }

    /** Counts per outcome, all three keys present, for a summary line or JSON. */
    public Map<ResultClass, Integer> counts() {
        Map<ResultClass, Integer> counts = new LinkedHashMap<>();
        for (ResultClass o : ResultClass.values()) {
            counts.put(o, of(o).size());
        }
        return counts;
    }

    /** 5 (ACTION_FAILED) when any partition failed, else 0. */
    public ExitCode exitCode() {
        return failed().isEmpty() ? ExitCode.OK : ExitCode.ACTION_FAILED;
    }

    private List<PartitionResult> of(ResultClass o) {
        return results.stream().filter(r -> r.outcome() == o).toList();
    }

    /**
     * "org.apache.kafka.common.errors.ElectionNotNeededException" / "ElectionNotNeededException" /
     * "election_not_needed" -> "ELECTION_NOT_NEEDED".
     */
    public static String normalise(String errorName) {
        String s = errorName.strip();
        int dot = s.lastIndexOf('.');
        if (dot >= 0) {
            s = s.substring(dot + 1);
        }
        int dollar = s.lastIndexOf('$');
        if (dollar >= 0) {
            s = s.substring(dollar + 1);
        }
        if (s.endsWith("Exception")) {
            s = s.substring(0, s.length() - "Exception".length());
        }
        if (s.contains("_") || s.equals(s.toUpperCase(Locale.ROOT))) {
            return s.toUpperCase(Locale.ROOT);
        }
        return s.replaceAll("([a-z0-9])([A-Z])", "$1_$2").replaceAll("([A-Z])([A-Z][a-z])", "$1_$2")
                .toUpperCase(Locale.ROOT);
    }

    private static String sentence(String name) {
        return switch (name) {
            case "PREFERRED_LEADER_NOT_AVAILABLE" ->
                    "the preferred replica is not available (dead, or not in the ISR)";
            case "ELIGIBLE_LEADERS_NOT_AVAILABLE" -> "no eligible replica is alive to lead";
            case "TIMEOUT" -> "timed out waiting for the controller";
            case "CLUSTER_AUTHORIZATION_FAILED", "CLUSTER_AUTHORIZATION" -> "not authorized to ALTER cluster (electing leaders needs that ACL)";
            case "TOPIC_AUTHORIZATION_FAILED", "TOPIC_AUTHORIZATION" -> "not authorized on this topic";
            case "UNKNOWN_TOPIC_OR_PARTITION" -> "the cluster does not know this partition";
            case "INVALID_TOPIC" -> "invalid topic";
            case "NOT_CONTROLLER" -> "the controller moved during the election; try again";
            case "INVALID_REPLICA_ASSIGNMENT" -> "the cluster rejected the replica assignment";
            default -> "failed: " + name;
        };
    }
}
