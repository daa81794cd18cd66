package dev.kshell.workflow.check;

import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.StateStore;
import dev.kshell.rules.reassign.BelowFactor;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.cluster.ReplicaMoves;
import dev.kshell.rules.ClusterConfigRisks;
import dev.kshell.rules.ConfigRiskReport;
import dev.kshell.rules.ConfigRiskRules;
import dev.kshell.rules.reassign.LeftoverThrottles;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.model.TopicState;
import dev.kshell.connection.ShellSession;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The config-risk check ({@code audit}): configuration that turns the next broker failure into data loss or an
 * outage, on the connected cluster or on profiles from profiles.yaml (concurrently, on this service's own threads,
 * each cluster through its own short-lived gateway; a cluster that cannot be checked is a row with its error, not a
 * failure of the run).
 */
public final class ConfigRiskService {

    private final ShellSession session;
    private final ProfileClusters profiles;

    /**
     * @param home     kshell's home directory (profiles.yaml lives there)
     * @param gateways opens a gateway for a profile's target; each is closed after its check
     */
    public ConfigRiskService(ShellSession session, Supplier<Path> home, Function<ClusterTarget, ClusterGateway> gateways) {
        this.session = session;
        this.profiles = new ProfileClusters(home, gateways);
    }

    /** The session whose connected cluster {@link #connected()} checks. */
    public ShellSession session() {
        return session;
    }

    /** The connected cluster: a failure is the command's (one line, exit 4), as for every other command. */
    public ConfigRiskReport connected() {
        ShellSession.Connection c = session.connection().orElseThrow(() -> new InputException(
                "audit needs a cluster: connect first, or give --profile NAME / --all-profiles"));
        return new ConfigRiskReport(List.of(check(session.requireGateway(), c.label(), c.expectedClusterId(), true)));
    }

    /** Profiles from profiles.yaml ({@code all}, or those named), each within {@code timeout} (null: its own). */
    public ConfigRiskReport profiles(boolean all, List<String> names, Duration timeout) throws InterruptedException {
        return new ConfigRiskReport(checkProfiles(select(all, names), timeout));
    }

    private List<String> select(boolean all, List<String> asked) {
        return profiles.select("audit", all, asked);
    }

    /**
     * Checks every profile at once (each cluster call within the profile's deadline, a bound of six calls' worth on
     * each); the report keeps the order asked.
     */
    private List<ClusterConfigRisks> checkProfiles(List<String> names, Duration timeout) throws InterruptedException {
        return profiles.each(profiles.resolve(names, timeout), 6,
                (m, gateway) -> check(gateway, m.name(), m.settings().expectedClusterId(), false),
                (m, why) -> ClusterConfigRisks.failed(m.name(), m.endpoints(), why));
    }

    /**
     * One cluster: a snapshot with topic configs, the live brokers' configs, then the pure rules.
     *
     * @param propagate true to throw the cluster's failure (the connected cluster), false to make it the row's error
     */
    /**
     * Replication throttles left behind with no reassignment in flight ({@link LeftoverThrottles}). A release
     * without listPartitionReassignments, or configs that cannot be read, give no finding (the other findings
     * stand); an unreachable cluster fails the check as any other call does.
     */
    private static Optional<Finding> leftoverThrottles(ClusterGateway gateway, List<Integer> live,
                                                       ClusterSnapshot snapshot) {
        try {
            ReplicaMoves moves = gateway.replicaMoves();
            if (!moves.inFlight().isEmpty()) {
                return Optional.empty(); // a throttle while something moves is the move's own
            }
            ReplicaMoves.Throttles throttles = moves.throttles(live,
                    snapshot.topics().stream().map(TopicState::name).toList());
            return LeftoverThrottles.finding(false, throttles.brokerRates(), throttles.topicLists());
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw e;
            }
            return Optional.empty();
        }
    }

    /** Partitions kshell shrank that still run below their factor ({@link BelowFactor}); unreadable memory: none. */
    static Optional<Finding> belowFactor(ClusterSnapshot snapshot) {
        try {
            return BelowFactor.finding(new StateStore(OffsetMemory.defaultDir()).load(snapshot.clusterId()).memory()
                    .shrunk(), snapshot);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    ClusterConfigRisks check(ClusterGateway gateway, String name, String expectedClusterId, boolean propagate) {
        String endpoints = gateway.target().endpoints();
        try {
            ClusterSnapshot snapshot = gateway.snapshot(null, true);
            if (propagate) {
                session.remember(snapshot);
            }
            List<Integer> live = snapshot.brokers().stream().filter(BrokerState::live).map(BrokerState::id).toList();
            BrokerConfigs brokerConfigs = gateway.brokerConfigs(live, ConfigRiskRules.BROKER_KEYS);
            String bootstrap = gateway.target().viaControllers() ? null : gateway.target().bootstrapServers();
            List<Finding> findings = new ArrayList<>(ConfigRiskRules.check(snapshot, brokerConfigs, bootstrap));
            leftoverThrottles(gateway, live, snapshot).ifPresent(findings::add);
            belowFactor(snapshot).ifPresent(findings::add);
            if (expectedClusterId != null && !expectedClusterId.equals(snapshot.clusterId())) {
                findings.add(0, new Finding(Severity.ERROR, "unexpected-cluster-id", "cluster",
                        "profile " + name + " expects cluster id " + expectedClusterId + " but " + endpoints
                                + " is cluster " + snapshot.clusterId() + ": these findings are about another cluster",
                        "fix expected-cluster-id or the endpoints of profile " + name + " in profiles.yaml"));
            }
            return new ClusterConfigRisks(name, endpoints, snapshot.clusterId(), live.size(), findings, null);
        } catch (ClusterException e) {
            if (propagate) {
                throw e;
            }
            return ClusterConfigRisks.failed(name, endpoints, e.getMessage());
        }
    }
}
