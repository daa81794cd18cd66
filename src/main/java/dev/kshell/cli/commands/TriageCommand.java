package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.rules.FleetTriageReport;
import dev.kshell.workflow.check.FleetTriageService;
import dev.kshell.workflow.check.ProfileClusters;
import dev.kshell.rules.TriageReport;
import dev.kshell.workflow.check.TriageOptions;
import dev.kshell.workflow.check.TriageService;
import dev.kshell.grammar.ArgKind;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.render.FleetTables;
import dev.kshell.connection.ShellSession;

import java.util.List;

/**
 * {@code triage}: the incident checklist (docs/commands.md, triage) in one command: a verdict line, each step's finding
 * and the next command. Exit 0 when HEALTHY, 1 otherwise (config risks too with {@code --strict}), so cron and
 * runbooks can branch on it. Parses, hands the session's connection and memory to {@link TriageService}, renders.
 */
public class TriageCommand extends KshellCommand {

    static final Opt<Boolean> STRICT = Opt.flag("strict",
            "exit 1 on config risks too (by default they are listed and counted, exit 0)");
    static final Opt<String> PROFILE = Opt.text("profile", ArgKind.PROFILE,
            "triage this profile's cluster from profiles.yaml instead of the connection (repeatable)").repeatable();
    static final Opt<Boolean> ALL_PROFILES = Opt.flag("all-profiles",
            "triage every profile's cluster in profiles.yaml, concurrently: one line each, details of the sick ones");

    private final ShellSession session;
    private final TriageService service;
    private final FleetTriageService fleet;
    public TriageCommand(ShellSession session) {
        this(session, new TriageService());
    }

    /** With another service (tests: a service whose prober answers for snapshot fixtures). */
    public TriageCommand(ShellSession session, TriageService service) {
        this(session, service, ProfileClusters.fromHome());
    }

    /** With the profiles' clusters reached another way (tests: profiles over fake gateways). */
    public TriageCommand(ShellSession session, TriageService service, ProfileClusters profiles) {
        super(CommandSpec.named("triage").group(Group.DIAGNOSIS)
                .description("The incident checklist: quorum, brokers, leaderless partitions and their recovery, min "
                        + "ISR, config risks; one verdict and the next command")
                .options(STRICT, PROFILE, ALL_PROFILES).atMostOneOf(PROFILE, ALL_PROFILES).traits(Trait.WATCHABLE)
                .examples("triage", "triage --output json", "triage --all-profiles   # which of my clusters is sick?",
                        "triage --profile prod-eu --profile prod-us",
                        "kshell --profile prod triage || page-oncall   # exit 1 unless HEALTHY",
                        "triage --strict   # also exit 1 on config risks (min.isr = RF, unclean enabled...)"));
        this.session = session;
        this.service = service;
        this.fleet = new FleetTriageService(service, profiles);
    }

    @Override
    public ExitCode execute(Invocation inv) throws InterruptedException {
        List<String> profiles = inv.all(PROFILE);
        if (inv.get(ALL_PROFILES) || !profiles.isEmpty()) {
            return runFleet(inv, profiles);
        }
        if (session.connection().isEmpty()) {
            throw new UsageException("triage needs a cluster: connect --bootstrap-server HOST:PORT (or "
                    + "--bootstrap-controller, --profile NAME), start kshell with --sandbox, or give --all-profiles");
        }
        ClusterSnapshot previous = session.lastSnapshot().orElse(null);
        TriageOptions options = new TriageOptions(inv.get(STRICT), session.connectedToSandbox(), previous,
                session.knownVoterEndpoints(), session.quorumMemory(), session.logDirHistory(),
                session.clientHistory(), TemporaryChanges.atHome(), session.radarThresholds());
        TriageService.TriageRun outcome = service.triage(session, options);
        session.remember(outcome.snapshot());
        outcome.warnings().forEach(w -> inv.note("warning: " + w));
        TriageReport report = outcome.report();
        session.rememberVerdict(outcome.snapshot(), report.verdict()); // the prompt's mark says what this verdict says
        inv.emit(report, () -> DiagnosisTables.triage(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }

    /**
     * Every profile's cluster at once. The session is left alone: the prompt's mark stays the connected cluster's.
     */
    private ExitCode runFleet(Invocation inv, List<String> profiles) throws InterruptedException {
        List<String> names = fleet.select(inv.get(ALL_PROFILES), profiles);
        FleetTriageReport report = fleet.triage(names, inv.get(GlobalOptions.TIMEOUT), inv.get(STRICT),
                session.quorumMemory());
        inv.emit(report, () -> FleetTables.triage(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }

    /** The service behind this command (a fleet triage runs the same one per connection). */
    public TriageService service() {
        return service;
    }
}
