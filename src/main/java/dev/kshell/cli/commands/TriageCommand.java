package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.diagnosis.Triage;
import dev.kshell.diagnosis.TriageReport;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/**
 * {@code triage}: the incident checklist (docs/commands.md, triage) in one command: a verdict line, each step's finding
 * and the next command. Exit 0 when HEALTHY, 1 otherwise, so cron and runbooks can branch on it. The session's
 * previous full snapshot (any earlier {@code triage}, {@code topics}, {@code leaderless}...) lets step 1 see
 * whether the quorum epoch is climbing.
 */
@Component
public class TriageCommand extends KshellCommand {

    private final ShellSession session;

    public TriageCommand(ShellSession session) {
        super("triage", "Diagnosis",
                "The incident checklist: quorum, brokers, leaderless partitions and their recovery, min ISR, config "
                        + "risks; one verdict and the next command", "triage");
        this.session = session;
        examples("triage", "triage --output json", "kshell --profile prod triage || page-oncall   # exit 1 unless HEALTHY");
    }

    @Override
    public boolean needsConnection() {
        return true;
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        ClusterSnapshot previous = session.lastSnapshot().orElse(null);
        ClusterSnapshot now = session.requireGateway().snapshot(null, true);
        session.remember(now);
        TriageReport report = Triage.run(now, previous);
        inv.emit(report, () -> DiagnosisTables.triage(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }
}
