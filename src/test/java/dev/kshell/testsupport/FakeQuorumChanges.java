package dev.kshell.testsupport;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.QuorumChanges;
import dev.kshell.model.FeatureLevels;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.VoterChange;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A quorum whose membership changes as a real dynamic quorum's would: remove drops the voter (id + directory id),
 * add turns the observer with that id and directory id into a voter. Answers can be scripted per call.
 */
public class FakeQuorumChanges implements QuorumChanges {

    public QuorumDescription quorum;
    public FeatureLevels features;
    /** The next answers of add / remove (consumed in order); empty means "as Kafka would". */
    public final List<VoterChange> addAnswers = new ArrayList<>();
    public final List<VoterChange> removeAnswers = new ArrayList<>();
    /** Every change asked for, e.g. {@code "remove 2 OLD"}, {@code "add 2 NEW [CONTROLLER://h:1]"}. */
    public final List<String> calls = new ArrayList<>();

    /** When set, describe() and features() throw it (an unreachable quorum, ZooKeeper mode). */
    public RuntimeException failure;

    /** Membership that cannot be read: every read throws {@code failure}. */
    public static FakeQuorumChanges failing(RuntimeException failure) {
        FakeQuorumChanges f = new FakeQuorumChanges(null);
        f.failure = failure;
        return f;
    }

    public FakeQuorumChanges(QuorumDescription quorum) {
        this.quorum = quorum;
        this.features = quorum == null ? FeatureLevels.unavailable("no quorum")
                : new FeatureLevels(Map.of("metadata.version", (short) 29, "kraft.version",
                        quorum.kraftVersion() == null ? (short) 0 : quorum.kraftVersion()), Map.of(), 1, null);
    }

    @Override
    public QuorumDescription describe() {
        if (failure != null) {
            throw failure;
        }
        if (quorum == null) {
            throw new ClusterException(ClusterException.Kind.UNREACHABLE, "no quorum leader reachable");
        }
        return quorum;
    }

    @Override
    public FeatureLevels features() {
        if (failure != null) {
            throw failure;
        }
        return features;
    }

    @Override
    public VoterChange addVoter(int id, String directoryId, List<String> endpoints) {
        dev.kshell.audit.Approval.require("fake addVoter"); // as the real gateway: only behind the gate
        calls.add("add " + id + " " + directoryId + " " + endpoints);
        if (!addAnswers.isEmpty()) {
            return addAnswers.remove(0);
        }
        if (quorum.kind() != QuorumDescription.Kind.DYNAMIC) {
            return new VoterChange(VoterChange.Outcome.UNSUPPORTED, "addRaftVoter: unsupported");
        }
        List<QuorumMember> voters = new ArrayList<>(quorum.voters());
        List<QuorumMember> observers = new ArrayList<>(quorum.observers());
        QuorumMember joined = observers.stream().filter(o -> o.id() == id && directoryId.equals(o.directoryId()))
                .findFirst().orElse(new QuorumMember(id, directoryId, endpoints, 0, 0L, 0L, 0L));
        observers.remove(joined);
        voters.add(new QuorumMember(id, directoryId, endpoints, joined.logEndOffset(), joined.lag(),
                joined.lastFetchAgeMs(), joined.lastCaughtUpAgeMs()));
        quorum = new QuorumDescription(quorum.leaderId(), quorum.leaderEpoch(), quorum.highWatermark(), voters,
                observers, quorum.kraftVersion());
        return VoterChange.done();
    }

    @Override
    public VoterChange removeVoter(int id, String directoryId) {
        dev.kshell.audit.Approval.require("fake removeVoter"); // as the real gateway: only behind the gate
        calls.add("remove " + id + " " + directoryId);
        if (!removeAnswers.isEmpty()) {
            return removeAnswers.remove(0);
        }
        if (quorum.kind() != QuorumDescription.Kind.DYNAMIC) {
            return new VoterChange(VoterChange.Outcome.UNSUPPORTED, "removeRaftVoter: unsupported");
        }
        List<QuorumMember> voters = new ArrayList<>(quorum.voters());
        boolean removed = voters.removeIf(v -> v.id() == id && directoryId.equals(v.directoryId()));
        if (!removed) {
            return new VoterChange(VoterChange.Outcome.REFUSED, "removeRaftVoter: voter not found");
        }
        quorum = new QuorumDescription(quorum.leaderId(), quorum.leaderEpoch(), quorum.highWatermark(), voters,
                quorum.observers(), quorum.kraftVersion());
        return VoterChange.done();
    }
}
