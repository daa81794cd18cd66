package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ReassignTables;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.reassign.ReassignmentsReader;
import dev.kshell.workflow.reassign.ReassignmentsView;

/** {@code reassignments}: every reassignment in flight, whoever started it, the throttles, and a stuck one named. */
public class ReassignmentsCommand extends KshellCommand {

    private final ShellSession session;

    public ReassignmentsCommand(ShellSession session) {
        super(CommandSpec.named("reassignments").group(Group.STATE)
                .description("Reassignments in flight: bytes copied and left, rate and time left, throttles, stuck ones")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("reassignments", "watch reassignments", "reassignments --output json"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        ReassignmentsView view = new ReassignmentsReader(session.requireGateway(), session.moveSamples(),
                ReassignmentsReader.SAMPLE_GAP).read();
        inv.emit(view, () -> ReassignTables.inFlight(view, inv.output().width(), inv.output().color()));
        boolean stuck = view.rows().stream().anyMatch(r -> r.stuck() != null);
        return stuck || view.leftover() ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
