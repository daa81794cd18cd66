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
import dev.kshell.diagnosis.service.ProfileClusters;
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
import dev.kshell.session.KshellHome;
import dev.kshell.session.ShellSession;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code audit}: configuration that turns the next broker failure into data loss or an outage, on the connected
 * cluster or on profiles from profiles.yaml (concurrently, each through its own short-lived gateway; a cluster that
 * cannot be audited is a row with its error, not a failure of the run).
 */
@Component
public class ConfigRiskCommand extends KshellCommand {

    /** Cluster calls' worth of time one cluster's audit may take before its bound (snapshot, configs). */
    private static final int CALLS = 6;

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
            report = new ConfigRiskReport(auditProfiles(all, profiles, inv.get(GlobalOptions.TIMEOUT)));
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

    /** Audits every profile at once, each through its own gateway ({@link ProfileClusters}); the order asked. */
    private List<ClusterConfigRisks> auditProfiles(boolean all, List<String> asked, Duration timeout)
            throws InterruptedException {
        ProfileClusters profiles = new ProfileClusters(home, gateways);
        List<String> names;
        try {
            names = profiles.select("audit", all, asked);
        } catch (ProfileClusters.SelectionException e) {
            throw new UsageException(e.getMessage());
        }
        return profiles.each(profiles.resolve(names, timeout), CALLS,
                (m, gateway) -> audit(gateway, m.name(), m.settings().expectedClusterId(), false),
                (m, why) -> ClusterConfigRisks.failed(m.name(), m.endpoints(), why));
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
