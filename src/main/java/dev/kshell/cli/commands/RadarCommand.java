package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.RadarTables;
import dev.kshell.rules.radar.RadarReport;
import dev.kshell.workflow.radar.RadarService;

/**
 * {@code radar}: the next incident, before it happens (docs/radar.md): the certificates every TLS listener presents
 * and when they end, the software each node runs and the feature levels that cannot go back, records stamped in the
 * future and clocks that drift. Exit 1 when something is due.
 */
public class RadarCommand extends KshellCommand {

    static final Opt<Integer> PARTITIONS = Opt.integer("partitions",
            "read the newest record time of at most N partitions (the coordinators' topics first, then every "
                    + "topic's partitions in turn; default 2000)").hint("N").orElse(2000)
            .check(n -> n >= 1, "--partitions needs 1 or more");

    private final RadarService service = new RadarService();
    private final ShellSession session;

    public RadarCommand(ShellSession session) {
        super(CommandSpec.named("radar").group(Group.DIAGNOSIS)
                .description("What will break next: listener certificates ending, nodes on different releases, "
                        + "feature levels that cannot go back, records stamped in the future, clocks that drift")
                .options(PARTITIONS).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("radar", "radar --output json", "radar --partitions 20000",
                        "kshell --profile prod radar || page-oncall   # exit 1 when something is due"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        RadarReport report = service.read(session, inv.get(PARTITIONS)).report();
        inv.emit(report, () -> RadarTables.radar(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }
}
