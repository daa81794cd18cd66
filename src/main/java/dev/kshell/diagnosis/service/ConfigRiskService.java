package dev.kshell.diagnosis.service;

import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.diagnosis.ClusterConfigRisks;
import dev.kshell.diagnosis.ConfigRiskReport;
import dev.kshell.diagnosis.ConfigRiskRules;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.session.ConnectionOptions;
import dev.kshell.session.ConnectionSettings;
import dev.kshell.session.ProfileSet;
import dev.kshell.session.ProfileStore;
import dev.kshell.session.ShellSession;
import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Suggest;
import dev.kshell.util.Validated;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The config-risk check ({@code audit}): configuration that turns the next broker failure into data loss or an
 * outage, on the connected cluster or on profiles from profiles.yaml (concurrently, on this service's own threads,
 * each cluster through its own short-lived gateway; a cluster that cannot be checked is a row with its error, not a
 * failure of the run).
 */
public final class ConfigRiskService {

    private static final int MAX_PARALLEL = 8;

    private final ShellSession session;
    private final Supplier<Path> home;
    private final Function<ClusterTarget, ClusterGateway> gateways;

    /**
     * @param home     kshell's home directory (profiles.yaml lives there)
     * @param gateways opens a gateway for a profile's target; each is closed after its check
     */
    public ConfigRiskService(ShellSession session, Supplier<Path> home, Function<ClusterTarget, ClusterGateway> gateways) {
        this.session = session;
        this.home = home;
        this.gateways = gateways;
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
        Validated<ProfileSet> loaded = ProfileStore.load(home.get());
        if (!loaded.isOk()) {
            throw new InputException(String.join("; ", loaded.errors().stream().map(SettingsError::format).toList()));
        }
        ProfileSet set = loaded.orElseThrow();
        if (all) {
            if (set.profiles().isEmpty()) {
                throw new InputException("audit --all-profiles: no profiles in " + SettingsError.display(set.file()));
            }
            return set.names();
        }
        for (String name : asked) {
            if (set.find(name).isEmpty()) {
                String hint = Suggest.closest(name, set.names()).map(s -> " (did you mean '" + s + "'?)").orElse("");
                throw new InputException("audit: no profile '" + name + "' in " + SettingsError.display(set.file()) + hint);
            }
        }
        return List.copyOf(new LinkedHashSet<>(asked));
    }

    /** Checks every profile at once; the report keeps the order asked. */
    private List<ClusterConfigRisks> checkProfiles(List<String> names, Duration timeout) throws InterruptedException {
        List<Duration> deadlines = new ArrayList<>();
        List<ConnectionSettings> settings = new ArrayList<>();
        List<String> settingsErrors = new ArrayList<>();
        for (String name : names) {
            Validated<ConnectionSettings> resolved = ConnectionSettings.resolve(ConnectionOptions.profile(name)
                    .withTimeout(timeout == null ? null : Durations.format(timeout)), home.get());
            settings.add(resolved.isOk() ? resolved.orElseThrow() : null);
            settingsErrors.add(resolved.isOk() ? null
                    : String.join("; ", resolved.errors().stream().map(SettingsError::format).toList()));
            deadlines.add(resolved.isOk() ? resolved.orElseThrow().timeout() : Duration.ZERO);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(MAX_PARALLEL, names.size()), r -> {
            Thread t = new Thread(r, "kshell-config-risks");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<ClusterConfigRisks>> futures = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                ConnectionSettings s = settings.get(i);
                String error = settingsErrors.get(i);
                futures.add(pool.submit(() -> s == null ? ClusterConfigRisks.failed(name, "-", error) : checkProfile(name, s)));
            }
            List<ClusterConfigRisks> out = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                out.add(collect(futures.get(i), names.get(i), settings.get(i), deadlines.get(i)));
            }
            return out;
        } finally {
            pool.shutdownNow();
        }
    }

    private ClusterConfigRisks checkProfile(String name, ConnectionSettings s) {
        ClusterTarget target = new ClusterTarget(s.bootstrapServers(), s.bootstrapControllers(), s.clientProperties(),
                s.timeout());
        try (ClusterGateway gateway = gateways.apply(target)) {
            return check(gateway, name, s.expectedClusterId(), false);
        }
    }

    /**
     * Waits for one cluster's check. Each cluster call has its own deadline; this bound (a few calls' worth) only
     * guards against a gateway that ignores them.
     */
    private static ClusterConfigRisks collect(Future<ClusterConfigRisks> future, String name, ConnectionSettings s,
                                              Duration deadline) throws InterruptedException {
        String endpoints = s == null ? "-" : s.bootstrap();
        try {
            return future.get(deadline.toMillis() * 6 + 10_000, TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof CancellationException cancelled) {
                throw cancelled;
            }
            return ClusterConfigRisks.failed(name, endpoints, String.valueOf(cause.getMessage()));
        } catch (TimeoutException e) {
            future.cancel(true);
            return ClusterConfigRisks.failed(name, endpoints, "no result within " + (deadline.toSeconds() * 6 + 10) + "s");
        }
    }

    /**
     * One cluster: a snapshot with topic configs, the live brokers' configs, then the pure rules.
     *
     * @param propagate true to throw the cluster's failure (the connected cluster), false to make it the row's error
     */
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
