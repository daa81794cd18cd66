package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.workflow.check.CoordinatorService;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.connection.ShellSession;

/**
 * {@code coordinators}: consumer groups and transactional ids whose coordinator partition of __consumer_offsets /
 * __transaction_state is leaderless or under min ISR ({@link CoordinatorService} reads and judges; groups no broker
 * lists any more are checked by the ids this session saw and those named with {@code --group} /
 * {@code --transactional-id}).
 */
public class CoordinatorsCommand extends KshellCommand implements AutoCloseable {

    static final Opt<String> GROUP = Opt.text("group", ArgKind.GROUP,
            "also check this group id (repeatable); needed for groups no broker lists any more").hint("ID").repeatable();
    static final Opt<String> TRANSACTIONAL_ID = Opt.text("transactional-id",
            "also check this transactional id (repeatable)").hint("ID").repeatable();

    private final CoordinatorService service;

    public CoordinatorsCommand(ShellSession session) {
        super(CommandSpec.named("coordinators").group(Group.DIAGNOSIS)
                .description("Consumer groups and transactional ids whose coordinator partition is leaderless or under min ISR")
                .options(GROUP, TRANSACTIONAL_ID).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("coordinators", "coordinators --group payments-consumer", "coordinators --output json"));
        this.service = new CoordinatorService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) throws InterruptedException {
        CoordinatorService.Checked checked = service.check(inv.all(GROUP), inv.all(TRANSACTIONAL_ID));
        DiagnosisTables.CoordinatorsView view = DiagnosisTables.CoordinatorsView.of(checked.groups(),
                checked.transactions(), checked.report(), checked.notes());
        inv.emit(view, () -> DiagnosisTables.coordinators(view, inv.output().width(), inv.output().color()));
        return view.partitions().isEmpty() && view.notes().isEmpty() ? ExitCode.OK : ExitCode.FINDINGS;
    }

    /** The service's reading thread ends with the shell. */
    @Override
    public void close() {
        service.close();
    }
}
