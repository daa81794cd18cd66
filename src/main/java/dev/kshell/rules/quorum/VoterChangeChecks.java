package dev.kshell.rules.quorum;

import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Comparator;

/**
 * The checks before a change of the voter set, and the plan when they pass (pure). Every check that fails is a
 * reason; the change runs only when there is none:
 * <ul>
 *   <li>the quorum is dynamic ({@code kraft.version} 1): a static quorum's voters cannot change;</li>
 *   <li>the quorum has a leader, and a majority of the voters answer;</li>
 *   <li>no voter change is pending: each voter id appears once, and no observer is a voter being added;</li>
 *   <li>replace / add: an observer with id N and a directory id that is not a voter's is caught up;</li>
 *   <li>replace / remove: the other voters answer and are caught up, so that the quorum keeps its majority while
 *       it runs on one voter fewer.</li>
 * </ul>
 */
public final class VoterChangeChecks {

    private VoterChangeChecks() {
    }

    /**
     * What the checks gave: the plan, or the reasons it cannot run (and whether the reason is the quorum's kind).
     *
     * @param staticQuorum the refusal is that the quorum is static (or the cluster cannot change voters at all)
     */
    public record Verdict(VoterChangePlan plan, List<String> reasons, boolean staticQuorum) {

        public Verdict {
            reasons = List.copyOf(reasons);
        }

        public boolean allowed() {
            return reasons.isEmpty() && plan != null;
        }
    }

    /**
     * @param q          the quorum with its membership
     * @param kind       replace, remove or add
     * @param nodeId     the controller
     * @param answering  per voter id, whether its own endpoint answered a probe (absent: not probed)
     * @param endpoints  endpoints to add the new voter with, or empty to take them from the quorum's own description
     *                   (the old voter's, for a replacement)
     * @param unanswered of the given endpoints, those that did not answer a probe from here, with why
     */
    public static Verdict check(QuorumDescription q, VoterChangePlan.Kind kind, int nodeId,
                                Map<Integer, Boolean> answering, List<String> endpoints,
                                Map<String, String> unanswered) {
        if (q.kind() != QuorumDescription.Kind.DYNAMIC) {
            return new Verdict(null, List.of(q.kind() == QuorumDescription.Kind.STATIC
                    ? "the quorum is static (kraft.version " + (q.kraftVersion() == null ? 0 : q.kraftVersion())
                            + ", controller.quorum.voters): its voters cannot be changed"
                    : "the cluster does not say it has a dynamic quorum (no kraft.version): its voters cannot be "
                            + "changed"), true);
        }
        List<String> reasons = new ArrayList<>();
        if (!q.hasLeader()) {
            reasons.add("the quorum has no leader");
        }
        List<Integer> voterIds = q.voters().stream().map(QuorumMember::id).toList();
        if (voterIds.stream().distinct().count() != voterIds.size()) {
            reasons.add("a voter change is pending: a node id appears twice among the voters " + voterIds);
        }
        Optional<QuorumMember> voter = q.voter(nodeId);
        // the one that fetches now: a directory removed earlier lingers in the leader's observer list, silent
        Optional<QuorumMember> newcomer = q.observers(nodeId).stream()
                .filter(o -> o.directoryId() != null && q.voters().stream()
                        .noneMatch(v -> o.directoryId().equals(v.directoryId())))
                .min(Comparator.comparing(QuorumMember::lastFetchAgeMs,
                        Comparator.nullsLast(Comparator.naturalOrder())));
        checkNode(reasons, kind, nodeId, voter, newcomer, voterIds);
        checkMajority(reasons, q, kind, nodeId, answering);
        List<String> addAt = endpoints.isEmpty()
                ? newcomer.map(QuorumMember::endpoints).filter(e -> !e.isEmpty())
                        .or(() -> voter.map(QuorumMember::endpoints)).orElse(List.of())
                : endpoints;
        if (kind != VoterChangePlan.Kind.REMOVE) {
            unanswered.forEach((endpoint, why) -> reasons.add(endpoint + " does not answer from here ("
                    + why + "): the other controllers could not reach voter " + nodeId + " there; give controller "
                    + nodeId + "'s own controller listener with --endpoint"));
        }
        if (kind != VoterChangePlan.Kind.REMOVE && addAt.isEmpty() && reasons.isEmpty()) {
            reasons.add("the quorum does not describe controller " + nodeId + "'s endpoints: give them with "
                    + "--endpoint LISTENER://host:port");
        }
        if (!reasons.isEmpty()) {
            return new Verdict(null, reasons, false);
        }
        return new Verdict(plan(q, kind, nodeId, voter, newcomer, addAt), List.of(), false);
    }

    /** What the kind of change asks of controller {@code nodeId}: a voter to replace or remove, an observer to add. */
    private static void checkNode(List<String> reasons, VoterChangePlan.Kind kind, int nodeId,
                                  Optional<QuorumMember> voter, Optional<QuorumMember> newcomer,
                                  List<Integer> voterIds) {
        switch (kind) {
            case REPLACE -> {
                if (voter.isEmpty()) {
                    reasons.add("controller " + nodeId + " is not a voter: use quorum add-controller " + nodeId);
                }
                requireNewcomer(reasons, nodeId, newcomer);
            }
            case REMOVE -> {
                if (voter.isEmpty()) {
                    reasons.add("controller " + nodeId + " is not a voter (voters: " + ids(voterIds) + ")");
                } else if (voterIds.size() <= 1) {
                    reasons.add("controller " + nodeId + " is the only voter: removing it leaves no quorum");
                }
            }
            case ADD -> {
                if (voter.isPresent()) {
                    reasons.add("controller " + nodeId + " is a voter already (directory " + voter.get().directoryId()
                            + ")" + (newcomer.isPresent() ? ": use quorum replace-controller " + nodeId : ""));
                }
                requireNewcomer(reasons, nodeId, newcomer);
            }
        }
    }

    /** The voters the change leans on answer and are caught up, enough of them for a majority throughout. */
    private static void checkMajority(List<String> reasons, QuorumDescription q, VoterChangePlan.Kind kind,
                                      int nodeId, Map<Integer, Boolean> answering) {
        List<Integer> voterIds = q.voters().stream().map(QuorumMember::id).toList();
        // the quorum during the change: replace and remove run on the other voters alone for a while
        List<QuorumMember> others = q.voters().stream().filter(v -> v.id() != nodeId).toList();
        int votersDuring = kind == VoterChangePlan.Kind.ADD ? voterIds.size() : others.size();
        int majorityDuring = votersDuring / 2 + 1;
        List<String> weak = new ArrayList<>();
        for (QuorumMember v : kind == VoterChangePlan.Kind.ADD ? q.voters() : others) {
            if (Boolean.FALSE.equals(answering.get(v.id()))) {
                weak.add(v.id() + " does not answer");
            } else if (v.id() != q.leaderId() && !QuorumMembership.caughtUp(v)) {
                weak.add(v.id() + " is not caught up" + (v.lag() == null ? "" : " (lag " + v.lag() + ")"));
            }
        }
        if (kind != VoterChangePlan.Kind.ADD && !weak.isEmpty()) {
            reasons.add("the quorum would lose its majority: while controller " + nodeId + " is out the quorum runs "
                    + "on " + ids(others.stream().map(QuorumMember::id).toList()) + " (" + majorityDuring + " of "
                    + votersDuring + " needed) and " + String.join(", ", weak));
        } else if (kind == VoterChangePlan.Kind.ADD && votersDuring - weak.size() < majorityDuring) {
            reasons.add("the quorum has no healthy majority to commit the change: " + String.join(", ", weak));
        }
    }

    /** The steps, once every check passed: the old directory out first, then the new one in (replace does both). */
    private static VoterChangePlan plan(QuorumDescription q, VoterChangePlan.Kind kind, int nodeId,
                                        Optional<QuorumMember> voter, Optional<QuorumMember> newcomer,
                                        List<String> addAt) {
        List<Integer> voterIds = q.voters().stream().map(QuorumMember::id).toList();
        List<QuorumMember> others = q.voters().stream().filter(v -> v.id() != nodeId).toList();
        int majorityDuring = (kind == VoterChangePlan.Kind.ADD ? voterIds.size() : others.size()) / 2 + 1;
        List<VoterChangePlan.Step> steps = new ArrayList<>();
        if (kind != VoterChangePlan.Kind.ADD) {
            steps.add(new VoterChangePlan.Step(false, nodeId, voter.orElseThrow().directoryId(), List.of()));
        }
        if (kind != VoterChangePlan.Kind.REMOVE) {
            steps.add(new VoterChangePlan.Step(true, nodeId, newcomer.orElseThrow().directoryId(), addAt));
        }
        String between = switch (kind) {
            case REPLACE -> "between the two steps the quorum runs on " + others.size() + " voters ("
                    + ids(others.stream().map(QuorumMember::id).toList()) + "; " + majorityDuring + " needed)";
            case REMOVE -> "afterwards the quorum has " + others.size() + " voters ("
                    + ids(others.stream().map(QuorumMember::id).toList()) + "; " + majorityDuring + " needed)";
            case ADD -> "afterwards the quorum has " + (voterIds.size() + 1) + " voters";
        };
        return new VoterChangePlan(kind, nodeId, steps, voterIds, between);
    }

    private static void requireNewcomer(List<String> reasons, int nodeId, Optional<QuorumMember> newcomer) {
        if (newcomer.isEmpty()) {
            reasons.add("no observer " + nodeId + " with a new directory id fetches from the leader: format the "
                    + "node with --no-initial-controllers and start it first");
        } else if (!QuorumMembership.caughtUp(newcomer.get())) {
            reasons.add("observer " + nodeId + " (directory " + newcomer.get().directoryId() + ") is not caught up"
                    + (newcomer.get().lag() == null ? "" : " (lag " + newcomer.get().lag() + ")")
                    + ": wait until it is");
        }
    }

    static String ids(List<Integer> ids) {
        return QuorumMembership.ids(ids);
    }
}
