package dev.kshell.rules.quorum;

import dev.kshell.model.ProbeResult;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.Collection;
import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * What the quorum's membership says beyond lag (pure): what kind of quorum it is, which controller came back with a
 * new disk (a voter id that is also an observer with another directory id: the voter set still holds the lost
 * directory, so that voter is not caught up whatever its last numbers say), and which voters do not answer a probe
 * of their own endpoint (with two of three voters dead, the survivor still answers as leader for its first seconds:
 * a majority that does not answer is no quorum, whatever the leader says).
 *
 * @param kind          static, dynamic, or unknown (the cluster did not say)
 * @param kraftVersion  finalized {@code kraft.version}, null when not reported
 * @param newDisks      each controller back with a new disk, by id
 * @param notAnswering  voters whose own endpoint did not answer the probe, with why
 * @param voters        how many voters the quorum has
 * @param probed        true when the voters were probed (endpoints known and the probe possible)
 */
public record QuorumMembership(QuorumDescription.Kind kind, Short kraftVersion, List<NewDisk> newDisks,
                               Map<Integer, String> notAnswering, int voters, boolean probed) {

    /** The fetch age beyond which an observer is not following the leader (Kafka's fetch timeout is 2 s). */
    public static final long FETCHING_MS = 10_000;

    public QuorumMembership {
        newDisks = List.copyOf(newDisks);
        notAnswering = Collections.unmodifiableMap(new TreeMap<>(notAnswering));
    }

    /**
     * A controller whose disk was lost and that was formatted again: the voter set holds {@code oldDirectoryId}, the
     * node fetches as an observer with {@code newDirectoryId}.
     *
     * @param observerCaughtUp the observer fetches and has no lag (it can be made a voter now)
     */
    public record NewDisk(int id, String oldDirectoryId, String newDirectoryId, boolean observerCaughtUp) {

        /** The sentence {@code quorum} prints. */
        public String sentence() {
            return "controller " + id + " came back with a new disk (directory " + newDirectoryId + "; the voter set "
                    + "still holds " + oldDirectoryId + "); `quorum replace-controller " + id + "` replaces it";
        }
    }

    /** Judges a description and the voters' probe answers (empty when not probed). */
    public static QuorumMembership judge(QuorumDescription q, List<ProbeResult> probes) {
        List<NewDisk> newDisks = new ArrayList<>();
        for (QuorumMember voter : q.voters()) {
            for (QuorumMember observer : q.observers(voter.id())) {
                // only a fetching one: a removed voter's old directory lingers in the leader's observer list, silent
                if (observer.directoryId() != null && !Objects.equals(observer.directoryId(), voter.directoryId())
                        && observer.lastFetchAgeMs() != null && observer.lastFetchAgeMs() <= FETCHING_MS) {
                    newDisks.add(new NewDisk(voter.id(), voter.directoryId(), observer.directoryId(),
                            caughtUp(observer)));
                }
            }
        }
        Map<Integer, String> notAnswering = new TreeMap<>();
        for (ProbeResult p : probes) {
            // the leader answered: the description came from it
            if (p.nodeId() != null && !p.answered() && q.voter(p.nodeId()).isPresent() && p.nodeId() != q.leaderId()) {
                notAnswering.put(p.nodeId(), p.problem() == null ? "no answer" : p.problem());
            }
        }
        return new QuorumMembership(q.kind(), q.kraftVersion(), newDisks, notAnswering, q.voters().size(),
                !probes.isEmpty());
    }

    /**
     * An observer or voter that fetches now and is caught up: no lag, or caught up within the last
     * {@link #FETCHING_MS} (the same judgement as {@code quorum}'s caught-up status; a replica that fetches steadily
     * is often one batch behind at the instant the leader answers).
     */
    public static boolean caughtUp(QuorumMember m) {
        return m.lastFetchAgeMs() != null && m.lastFetchAgeMs() <= FETCHING_MS
                && (m.lag() != null && m.lag() == 0
                        || m.lastCaughtUpAgeMs() != null && m.lastCaughtUpAgeMs() <= FETCHING_MS);
    }

    /** How many voters must answer for the quorum to have a majority. */
    public int majority() {
        return voters / 2 + 1;
    }

    /** False when the probe found fewer voters answering than a majority. */
    public boolean majorityAnswers() {
        return voters - notAnswering.size() >= majority();
    }

    /** The ids whose voter entry must not read as caught up: its disk is gone, or it does not answer. */
    public Set<Integer> notCaughtUp() {
        Set<Integer> out = new TreeSet<>(notAnswering.keySet());
        newDisks.forEach(d -> out.add(d.id()));
        return out;
    }

    /** {@code "dynamic (kraft.version 1)"}, {@code "static (kraft.version 0)"}, or {@code "unknown"}. */
    public String kindLabel() {
        return switch (kind) {
            case DYNAMIC -> "dynamic (kraft.version " + kraftVersion + ")";
            case STATIC -> "static (kraft.version " + (kraftVersion == null ? 0 : kraftVersion) + ")";
            case UNKNOWN -> "unknown (the cluster reports no kraft.version)";
        };
    }

    /** The verdict line when a majority of voters does not answer, or null. */
    public String noMajorityVerdict(int leaderId) {
        if (majorityAnswers()) {
            return null;
        }
        return "NO QUORUM: " + (voters - notAnswering.size()) + " of " + voters + " voters answer (" + ids(notAnswering
                .keySet()) + " do" + (notAnswering.size() == 1 ? "es" : "") + " not); leader " + leaderId
                + "'s answer is its last word before it notices";
    }

    static String ids(Collection<Integer> ids) {
        return ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
