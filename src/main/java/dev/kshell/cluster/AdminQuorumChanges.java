package dev.kshell.cluster;

import dev.kshell.audit.Approval;

import dev.kshell.model.FeatureLevels;
import dev.kshell.model.QuorumDescription;
import dev.kshell.model.QuorumMember;
import dev.kshell.model.VoterChange;
import org.apache.kafka.clients.admin.AddRaftVoterOptions;
import org.apache.kafka.clients.admin.DescribeFeaturesOptions;
import org.apache.kafka.clients.admin.DescribeMetadataQuorumOptions;
import org.apache.kafka.clients.admin.FeatureMetadata;
import org.apache.kafka.clients.admin.QuorumInfo;
import org.apache.kafka.clients.admin.RaftVoterEndpoint;
import org.apache.kafka.clients.admin.RemoveRaftVoterOptions;
import org.apache.kafka.common.KafkaFuture;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.errors.DuplicateVoterException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnsupportedVersionException;
import org.apache.kafka.common.errors.VoterNotFoundException;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.CancellationException;

/** {@link QuorumChanges} over the Admin client; every call carries the gateway's deadline. */
final class AdminQuorumChanges implements QuorumChanges {

    /** The feature that says what kind of quorum a cluster has (KIP-853). */
    static final String KRAFT_VERSION = "kraft.version";

    private final AdminClientGateway gateway;

    AdminQuorumChanges(AdminClientGateway gateway) {
        this.gateway = gateway;
    }

    @Override
    public QuorumDescription describe() {
        if (gateway.capabilities().zooKeeperMode()) {
            throw new ClusterException(ClusterException.Kind.INVALID,
                    "a ZooKeeper-mode cluster has no KRaft quorum: its controller is a broker elected in ZooKeeper");
        }
        // both questions go out at once: the features' round trip overlaps the quorum's
        KafkaFuture<QuorumInfo> quorum = gateway.admin()
                .describeMetadataQuorum(new DescribeMetadataQuorumOptions().timeoutMs(gateway.timeoutMs()))
                .quorumInfo();
        Short kraftVersion;
        try {
            FeatureLevels features = features();
            // a finalized level 0 is left out of describeFeatures' answer: readable features without it are 0
            kraftVersion = features.level(KRAFT_VERSION) != null ? features.level(KRAFT_VERSION)
                    : features.unavailable() == null ? Short.valueOf((short) 0) : null;
        } catch (ClusterException e) {
            kraftVersion = null; // the kind stays unknown; the quorum itself was read
        }
        QuorumInfo info = KafkaErrors.quorum(gateway.target(),
                () -> quorum.get(gateway.target().timeout().toMillis() + 2000, TimeUnit.MILLISECONDS));
        return toDescription(info, kraftVersion, gateway.clock().millis());
    }

    static QuorumDescription toDescription(QuorumInfo info, Short kraftVersion, long nowMs) {
        long leaderEnd = info.voters().stream().filter(v -> v.replicaId() == info.leaderId())
                .mapToLong(QuorumInfo.ReplicaState::logEndOffset).findFirst().orElse(-1L);
        Map<Integer, List<String>> endpoints = new HashMap<>();
        if (info.nodes() != null) {
            info.nodes().forEach((id, node) -> endpoints.put(id, node.endpoints().stream()
                    .map(e -> e.listener() + "://" + e.host() + ":" + e.port()).toList()));
        }
        List<QuorumMember> voters = info.voters().stream()
                .map(r -> member(r, endpoints.getOrDefault(r.replicaId(), List.of()), leaderEnd, nowMs)).toList();
        List<QuorumMember> observers = info.observers().stream()
                .map(r -> member(r, List.of(), leaderEnd, nowMs)).toList();
        return new QuorumDescription(info.leaderId(), info.leaderEpoch(), info.highWatermark(), voters, observers,
                kraftVersion);
    }

    private static QuorumMember member(QuorumInfo.ReplicaState r, List<String> endpoints, long leaderEnd, long nowMs) {
        Long lag = leaderEnd >= 0 && r.logEndOffset() >= 0 ? Math.max(0, leaderEnd - r.logEndOffset()) : null;
        Uuid dir = r.replicaDirectoryId();
        return new QuorumMember(r.replicaId(), dir == null || Uuid.ZERO_UUID.equals(dir) ? null : dir.toString(),
                endpoints, r.logEndOffset(), lag, age(r.lastFetchTimestamp().orElse(-1), nowMs),
                age(r.lastCaughtUpTimestamp().orElse(-1), nowMs));
    }

    private static Long age(long timestampMs, long nowMs) {
        return timestampMs > 0 ? Math.max(0, nowMs - timestampMs) : null;
    }

    @Override
    public FeatureLevels features() {
        FeatureMetadata meta;
        try {
            meta = gateway.await("describeFeatures", gateway.admin()
                    .describeFeatures(new DescribeFeaturesOptions().timeoutMs(gateway.timeoutMs())).featureMetadata());
        } catch (ClusterException e) {
            if (unsupported(e)) {
                return FeatureLevels.unavailable("this cluster does not describe its features (Kafka before 2.7)");
            }
            throw e;
        }
        Map<String, Short> finalized = new HashMap<>();
        meta.finalizedFeatures().forEach((name, range) -> finalized.put(name, range.maxVersionLevel()));
        Map<String, Short> supported = new HashMap<>();
        meta.supportedFeatures().forEach((name, range) -> supported.put(name, range.maxVersion()));
        return new FeatureLevels(finalized, supported, meta.finalizedFeaturesEpoch().orElse(-1L), null);
    }

    private static boolean unsupported(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof UnsupportedVersionException) {
                return true;
            }
        }
        return false;
    }

    /**
     * How Kafka's leader says it could not ask the new voter for its versions ("Aborted add voter operation for ...
     * since API_VERSIONS returned an error BROKER_NOT_AVAILABLE"); its error code is REQUEST_TIMED_OUT, which would
     * otherwise read as "no answer".
     */
    static final String LEADER_COULD_NOT_REACH = "API_VERSIONS returned an error";

    @Override
    public VoterChange addVoter(int id, String directoryId, List<String> endpoints) {
        Approval.require("addRaftVoter");
        Set<RaftVoterEndpoint> eps = new LinkedHashSet<>();
        for (String e : endpoints) {
            eps.add(endpoint(e));
        }
        return change("addRaftVoter", gateway.admin().addRaftVoter(id, Uuid.fromString(directoryId), eps,
                new AddRaftVoterOptions().timeoutMs(gateway.timeoutMs())).all());
    }

    @Override
    public VoterChange removeVoter(int id, String directoryId) {
        Approval.require("removeRaftVoter");
        return change("removeRaftVoter", gateway.admin().removeRaftVoter(id, Uuid.fromString(directoryId),
                new RemoveRaftVoterOptions().timeoutMs(gateway.timeoutMs())).all());
    }

    /** {@code LISTENER://host:port} -> Kafka's endpoint. */
    static RaftVoterEndpoint endpoint(String e) {
        int sep = e.indexOf("://");
        int colon = e.lastIndexOf(':');
        if (sep <= 0 || colon <= sep + 3) {
            throw new IllegalArgumentException("an endpoint is LISTENER://host:port, was " + e);
        }
        return new RaftVoterEndpoint(e.substring(0, sep), e.substring(sep + 3, colon),
                Integer.parseInt(e.substring(colon + 1)));
    }

    private VoterChange change(String operation, KafkaFuture<Void> future) {
        try {
            future.get(gateway.target().timeout().toMillis() + 2000, TimeUnit.MILLISECONDS);
            return VoterChange.done();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        } catch (java.util.concurrent.TimeoutException e) {
            return new VoterChange(VoterChange.Outcome.TIMED_OUT, operation + " had no answer within "
                    + KafkaErrors.seconds(gateway.target()));
        } catch (ExecutionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            String message = operation + ": " + cause.getMessage();
            if (cause.getMessage() != null && cause.getMessage().contains(LEADER_COULD_NOT_REACH)) {
                return new VoterChange(VoterChange.Outcome.UNREACHED, message);
            }
            if (cause instanceof UnsupportedVersionException) {
                return new VoterChange(VoterChange.Outcome.UNSUPPORTED, message);
            }
            if (cause instanceof DuplicateVoterException || cause instanceof VoterNotFoundException
                    || cause instanceof InvalidRequestException) {
                return new VoterChange(VoterChange.Outcome.REFUSED, message);
            }
            if (cause instanceof TimeoutException) {
                return new VoterChange(VoterChange.Outcome.TIMED_OUT, message);
            }
            return new VoterChange(VoterChange.Outcome.FAILED, message);
        }
    }

    /** For tests: the voters' endpoints as Kafka's type, in the order given. */
    static List<RaftVoterEndpoint> endpoints(List<String> given) {
        List<RaftVoterEndpoint> out = new ArrayList<>();
        given.forEach(g -> out.add(endpoint(g)));
        return out;
    }
}
