package dev.kshell.rules;

import dev.kshell.model.Finding;
import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumState;
import dev.kshell.model.Severity;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Triage step 1's view of each controller on its own endpoint. When the quorum cannot be read (or has no leader),
 * the probes say which voters answer and which do not, and so whether the quorum has lost its majority; when it
 * has a leader, a voter that does not answer is named before the leader stops counting it.
 */
public final class VoterReachability {

    /** What a quorum without a majority blocks, and what goes on (observed on 4.4, docs/kafka-behaviour.md). */
    static final String BLOCKED = "until a majority is back there are no leader elections, no fencing of dead "
            + "brokers, no broker registrations and no topic or config changes; brokers go on serving partitions "
            + "whose leader is alive, with the metadata they last had";

    /** NodeProbe's word for a port nobody listens on: the node is down, not out of reach. */
    static final String REFUSED = "connection refused";

    private VoterReachability() {
    }

    /** The quorum-loss finding, or null when the probes show nothing the quorum findings do not say. */
    public record Result(List<Finding> findings, String summary, List<Integer> silentIds, boolean majorityLost) {
    }

    /**
     * @param quorum  the quorum as read now, or null when it could not be read
     * @param probes  one answer per known controller endpoint, or null/empty when not probed
     * @param already "voter N" places the quorum findings already talk about
     */
    public static Result check(QuorumState quorum, List<ProbeResult> probes, Set<String> already) {
        if (probes == null || probes.isEmpty()) {
            return new Result(List.of(), null, List.of(), false);
        }
        List<ProbeResult> answering = probes.stream().filter(ProbeResult::answered).toList();
        List<ProbeResult> silent = probes.stream().filter(p -> !p.answered()).toList();
        List<Integer> silentIds = silent.stream().map(ProbeResult::nodeId).filter(Objects::nonNull)
                .sorted().toList();
        int voters = quorum != null && !quorum.voters().isEmpty() ? quorum.voters().size() : probes.size();
        int majority = voters / 2 + 1;
        List<Finding> out = new ArrayList<>();
        boolean leads = quorum != null && quorum.hasLeader();
        boolean noneRefused = silent.stream().noneMatch(p -> REFUSED.equals(p.problem()));
        if (leads && answering.isEmpty() && noneRefused) {
            // the quorum answered through the brokers a moment ago, yet no controller answers kshell and none
            // refused: their listener is not reachable from this host (a separate network), not down
            out.add(new Finding(Severity.INFO, "voters-unreachable-from-here", "quorum",
                    "no controller answers kshell directly (" + problems(silent) + "), but the quorum has leader "
                            + quorum.leaderId() + ": the controllers' listener is likely not reachable from here",
                    null));
            return new Result(out, null, List.of(), false);
        }
        if (answering.size() < majority) {
            String leaderNote = leads ? "; controller " + quorum.leaderId() + " may still call itself leader for "
                    + "a moment but cannot commit metadata and will resign" : "";
            String message = "the quorum has lost its majority: " + answering.size() + " of " + voters
                    + " voters answer" + (answering.isEmpty() ? "" : " (" + names(answering) + ")")
                    + ", a leader needs " + majority + "; not answering: " + names(silent) + " (" + problems(silent)
                    + ")" + leaderNote + "; " + BLOCKED;
            out.add(new Finding(Severity.CRITICAL, "quorum-majority-lost", "quorum", message,
                    "start controller " + PartitionHealth.allIds(silentIds)
                            + " (at least " + (majority - answering.size()) + ")"));
            String summary = "quorum lost its majority: " + answering.size() + " of " + voters + " voters answer"
                    + (answering.isEmpty() ? "" : " (" + ids(answering) + ")") + "; not answering: " + ids(silent);
            return new Result(out, summary, silentIds, true);
        }
        if (!leads) {
            out.add(new Finding(Severity.WARNING, "quorum-voters-answer", "quorum",
                    answering.size() + " of " + voters + " voters answer (" + names(answering) + "), enough for a "
                            + "majority: a leader election may be under way"
                            + (silent.isEmpty() ? "" : "; not answering: " + names(silent)),
                    null));
            return new Result(out, null, silentIds, false);
        }
        for (ProbeResult p : silent) {
            String where = p.nodeId() == null ? p.endpoint() : "voter " + p.nodeId();
            if (already.contains(where)) {
                continue;
            }
            boolean isLeader = p.nodeId() != null && p.nodeId() == quorum.leaderId();
            out.add(new Finding(isLeader ? Severity.ERROR : Severity.WARNING, "voter-not-answering", where,
                    p.name() + " does not answer (" + p.problem() + ")" + (isLeader
                            ? ": it is the active controller; the other voters elect a new leader once it misses "
                            + "their fetch timeout" : ": down or paused; the leader counts it until it misses the "
                            + "fetch timeout"),
                    "check controller " + (p.nodeId() == null ? p.endpoint() : p.nodeId())
                            + "'s process and restart it"));
        }
        return new Result(out, null, silentIds, false);
    }

    /** The broker settings that name the controllers: the static voter list, or (KIP-853) the bootstrap list. */
    public static final List<String> VOTER_SETTINGS = List.of("controller.quorum.voters", "controller.quorum.bootstrap.servers");

    /**
     * Controller endpoints from a broker's own settings ({@code 1@host:port,...} or {@code host:port,...}), for a
     * fresh process that never saw the quorum: a broker answers describeConfigs for itself without the quorum.
     * Keys are the voter ids, or negative numbers for bootstrap entries without one; malformed entries are skipped.
     */
    public static Map<Integer, String> configuredVoters(String voters, String bootstrapServers) {
        Map<Integer, String> out = new TreeMap<>();
        if (voters != null) {
            for (String entry : voters.split(",")) {
                String e = entry.trim();
                int at = e.indexOf('@');
                if (at > 0 && e.indexOf(':', at) > at + 1) {
                    try {
                        out.put(Integer.parseInt(e.substring(0, at)), e.substring(at + 1));
                    } catch (NumberFormatException ignored) {
                        // not a voter entry: skipped, the others still count
                    }
                }
            }
        }
        if (out.isEmpty() && bootstrapServers != null) {
            int unknownId = -1;
            for (String entry : bootstrapServers.split(",")) {
                String e = entry.trim();
                if (e.lastIndexOf(':') > 0) {
                    out.put(unknownId--, e);
                }
            }
        }
        return out;
    }

    private static String names(List<ProbeResult> ps) {
        List<String> out = new ArrayList<>();
        for (ProbeResult p : ps) {
            out.add(p.nodeId() == null ? p.endpoint() : p.nodeId() + " at " + p.endpoint());
        }
        return out.isEmpty() ? "none" : "controller " + String.join(", ", out);
    }

    private static String ids(List<ProbeResult> ps) {
        List<String> out = new ArrayList<>();
        for (ProbeResult p : ps) {
            out.add(p.nodeId() == null ? p.endpoint() : String.valueOf(p.nodeId()));
        }
        return out.isEmpty() ? "none" : String.join(", ", out);
    }

    private static String problems(List<ProbeResult> ps) {
        Set<String> out = new TreeSet<>();
        for (ProbeResult p : ps) {
            out.add(p.problem());
        }
        return String.join("; ", out);
    }
}
