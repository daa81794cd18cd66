package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.cluster.ClusterException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.cluster.ClusterTarget;
import dev.kshell.diagnosis.ClusterConfigRisks;
import dev.kshell.diagnosis.ConfigRiskRules;
import dev.kshell.diagnosis.ConfigRiskReport;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.BrokerConfigs;
import dev.kshell.model.BrokerState;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.render.FindingTables;
import dev.kshell.session.ConnectionOptions;
import dev.kshell.session.ConnectionSettings;
import dev.kshell.session.KshellHome;
import dev.kshell.session.ProfileSet;
import dev.kshell.session.ProfileStore;
import dev.kshell.session.ShellSession;
import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Suggest;
import dev.kshell.util.Validated;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

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
 * {@code audit}: configuration that turns the next broker failure into data loss or an outage, on the connected
 * cluster or on profiles from profiles.yaml (concurrently, each through its own short-lived gateway; a cluster that
 * cannot be audited is a row with its error, not a failure of the run).
 */
@Component
public class ConfigRiskCommand extends KshellCommand {

    private static final int MAX_PARALLEL = 8;

    static final Opt<String> PROFILE = Opt.text("profile", ArgKind.PROFILE,
            "audit this profile from profiles.yaml instead of the connection (repeatable)").repeatable();
    static final Opt<Boolean> ALL_PROFILES = Opt.flag("all-profiles", "audit every profile in profiles.yaml, concurrently");

    private final ShellSession session;
    private final Supplier<Path> home;
    private final Function<ClusterTarget, ClusterGateway> gateways;

    @Autowired
    public ConfigRiskCommand(ShellSession session) {
        this(session, KshellHome::dir, AdminClientGateway::new);
    }

    /**
     * @param home     kshell's home directory (profiles.yaml lives there)
     * @param gateways opens a gateway for a profile's target; each is closed after its audit
     */
    public ConfigRiskCommand(ShellSession session, Supplier<Path> home, Function<ClusterTarget, ClusterGateway> gateways) {
        super(CommandSpec.named("audit").group(Group.JUDGEMENT)
                .description("Config risks: unclean election enabled, min.isr >= RF, RF 1, weak internal topics, "
                        + "broker defaults vs live brokers")
                .options(PROFILE, ALL_PROFILES).atMostOneOf(PROFILE, ALL_PROFILES).traits(Trait.WATCHABLE)
                .examples("audit", "audit --all-profiles", "audit --profile prod-eu --profile prod-us --output json"));
        this.session = session;
        this.home = home;
        this.gateways = gateways;
    }

    @Override
    public ExitCode run(Invocation inv) throws InterruptedException {
        List<String> profiles = inv.all(PROFILE);
        boolean all = inv.get(ALL_PROFILES);
        ConfigRiskReport report;
        if (all || !profiles.isEmpty()) {
            report = new ConfigRiskReport(auditProfiles(selectProfiles(all, profiles), inv.get(GlobalOptions.TIMEOUT)));
        } else {
            if (session.connection().isEmpty()) {
                throw new UsageException("audit needs a cluster: connect first, or give --profile NAME / --all-profiles");
            }
            ShellSession.Connection c = session.connection().get();
            ClusterGateway gateway = session.requireGateway();
            // The connected cluster: a failure is the command's (one line, exit 4), as for every other command.
            report = new ConfigRiskReport(List.of(audit(gateway, c.label(), c.expectedClusterId(), true)));
        }
        inv.emit(report, () -> FindingTables.configRisks(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }

    private List<String> selectProfiles(boolean all, List<String> asked) {
        Validated<ProfileSet> loaded = ProfileStore.load(home.get());
        if (!loaded.isOk()) {
            throw new UsageException(String.join("; ", loaded.errors().stream().map(SettingsError::format).toList()));
        }
        ProfileSet set = loaded.orElseThrow();
        if (all) {
            if (set.profiles().isEmpty()) {
                throw new UsageException("audit --all-profiles: no profiles in " + SettingsError.display(set.file()));
            }
            return set.names();
        }
        for (String name : asked) {
            if (set.find(name).isEmpty()) {
                String hint = Suggest.closest(name, set.names()).map(s -> " (did you mean '" + s + "'?)").orElse("");
                throw new UsageException("audit: no profile '" + name + "' in " + SettingsError.display(set.file())
                        + hint);
            }
        }
        return List.copyOf(new LinkedHashSet<>(asked));
    }

    /** Audits every profile at once; the report keeps the order asked. */
    private List<ClusterConfigRisks> auditProfiles(List<String> names, Duration timeout) throws InterruptedException {
        List<Duration> deadlines = new ArrayList<>();
        List<ConnectionSettings> settings = new ArrayList<>();
        List<String> settingsErrors = new ArrayList<>();
        for (String name : names) {
            Validated<ConnectionSettings> resolved = ConnectionSettings.resolve(
                    ConnectionOptions.profile(name).withTimeout(timeout == null ? null : Durations.format(timeout)),
                    home.get());
            settings.add(resolved.isOk() ? resolved.orElseThrow() : null);
            settingsErrors.add(resolved.isOk() ? null
                    : String.join("; ", resolved.errors().stream().map(SettingsError::format).toList()));
            deadlines.add(resolved.isOk() ? resolved.orElseThrow().timeout() : Duration.ZERO);
        }
        ExecutorService pool = Executors.newFixedThreadPool(Math.min(MAX_PARALLEL, names.size()), r -> {
            Thread t = new Thread(r, "kshell-audit");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<ClusterConfigRisks>> futures = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                String name = names.get(i);
                ConnectionSettings s = settings.get(i);
                String error = settingsErrors.get(i);
                futures.add(pool.submit(() -> s == null ? ClusterConfigRisks.failed(name, "-", error) : auditProfile(name, s)));
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

    private ClusterConfigRisks auditProfile(String name, ConnectionSettings s) {
        ClusterTarget target = new ClusterTarget(s.bootstrapServers(), s.bootstrapControllers(), s.clientProperties(),
                s.timeout());
        try (ClusterGateway gateway = gateways.apply(target)) {
            return audit(gateway, name, s.expectedClusterId(), false);
        }
    }

    /**
     * Waits for one cluster's audit. Each cluster call has its own deadline; this bound (a few calls' worth) only
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
            return ClusterConfigRisks.failed(name, endpoints, "no audit result within " + (deadline.toSeconds() * 6 + 10) + "s");
        }
    }

    /**
     * One cluster: a snapshot with topic configs, the live brokers' configs, then the pure rules.
     *
     * @param propagate true to throw the cluster's failure (the connected cluster), false to make it the row's error
     */
    ClusterConfigRisks audit(ClusterGateway gateway, String name, String expectedClusterId, boolean propagate) {
        String endpoints = gateway.target().endpoints();
        try {
            ClusterSnapshot snapshot = gateway.snapshot(null, true);
            if (propagate) {
                session.remember(snapshot);
            }
            List<Integer> live = snapshot.brokers().stream().filter(BrokerState::live).map(BrokerState::id).toList();
            BrokerConfigs brokerConfigs = gateway.brokerConfigs(live, ConfigRiskRules.BROKER_KEYS);
            String bootstrap = gateway.target().viaControllers() ? null : gateway.target().bootstrapServers();
            List<Finding> findings = new ArrayList<>(ConfigRiskRules.audit(snapshot, brokerConfigs, bootstrap));
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
