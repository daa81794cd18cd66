package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.diagnosis.TriageReport;
import dev.kshell.diagnosis.service.TriageOptions;
import dev.kshell.diagnosis.service.TriageService;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/**
 * {@code triage}: the incident checklist (docs/commands.md, triage) in one command: a verdict line, each step's finding
 * and the next command. Exit 0 when HEALTHY, 1 otherwise (config risks too with {@code --strict}), so cron and
 * runbooks can branch on it. Parses, hands the session's connection and memory to {@link TriageService}, renders.
 */
@Component
public class TriageCommand extends KshellCommand {

    static final Opt<Boolean> STRICT = Opt.flag("strict",
            "exit 1 on config risks too (by default they are listed and counted, exit 0)");

    private final ShellSession session;
    private final TriageService service;

    @org.springframework.beans.factory.annotation.Autowired
    public TriageCommand(ShellSession session) {
        this(session, new TriageService());
    }

    /** With another service (tests: a service whose prober answers for snapshot fixtures). */
    public TriageCommand(ShellSession session, TriageService service) {
        super(CommandSpec.named("triage").group(Group.DIAGNOSIS)
                .description("The incident checklist: quorum, brokers, leaderless partitions and their recovery, min "
                        + "ISR, config risks; one verdict and the next command")
                .options(STRICT).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("triage", "triage --output json",
                        "kshell --profile prod triage || page-oncall   # exit 1 unless HEALTHY",
                        "triage --strict   # also exit 1 on config risks (min.isr = RF, unclean enabled...)"));
        this.session = session;
        this.service = service;
    }

    @Override
    public ExitCode run(Invocation inv) {
        ClusterSnapshot previous = session.lastSnapshot().orElse(null);
        TriageOptions options = new TriageOptions(inv.get(STRICT), session.connectedToSandbox(), previous,
                session.knownVoterEndpoints(), session.quorumMemory());
        TriageService.Outcome outcome = service.triage(session, options);
        session.remember(outcome.snapshot());
        outcome.warnings().forEach(w -> inv.note("warning: " + w));
        TriageReport report = outcome.report();
        session.rememberVerdict(outcome.snapshot(), report.verdict()); // the prompt's mark says what this verdict says
        inv.emit(report, () -> DiagnosisTables.triage(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }

    /** The service behind this command (a fleet triage runs the same one per connection). */
    public TriageService service() {
        return service;
    }
}
