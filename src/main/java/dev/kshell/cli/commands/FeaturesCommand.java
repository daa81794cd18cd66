package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.RadarTables;
import dev.kshell.render.Table;
import dev.kshell.render.Tone;
import dev.kshell.rules.quorum.FeatureMeanings;
import dev.kshell.connection.ShellSession;
import dev.kshell.workflow.quorum.FeatureReport;

/** {@code features}: finalized feature levels (metadata.version, kraft.version, ELR, transactions, groups). */
public class FeaturesCommand extends KshellCommand {

    private final FeatureReport report;

    public FeaturesCommand(ShellSession session) {
        super(CommandSpec.named("features").group(Group.STATE)
                .description("The cluster's finalized feature levels (metadata.version, kraft.version: static or "
                        + "dynamic quorum, ELR, transactions, groups) and what each means, the software each node runs, "
                        + "and what can no longer be downgraded")
                .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("features", "features --output json"));
        this.report = new FeatureReport(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        FeatureReport.Report r = report.read();
        inv.emit(r, () -> render(r, inv.output().width(), inv.output().color()));
        return ExitCode.OK;
    }

    static String render(FeatureReport.Report r, int width, boolean color) {
        String software = RadarTables.software(r.nodes(), r.traps(), r.findings(), r.notes(), width, color);
        if (r.unavailable() != null) {
            return r.release() + ": " + r.unavailable() + "\n" + software;
        }
        if (r.features().isEmpty()) {
            return r.release() + ": no feature level is finalized (a ZooKeeper-mode cluster finalizes none: its "
                    + "protocol is each broker's inter.broker.protocol.version)\n" + software;
        }
        Table table = Table.of("Feature", "Level", "Supported by the node that answered");
        StringBuilder meanings = new StringBuilder();
        for (FeatureMeanings.Row row : r.features()) {
            table.row(Tone.PLAIN, row.name(), row.level(), row.supported() == null ? "" : row.supported());
            meanings.append(row.name()).append(' ').append(row.level()).append(": ").append(row.meaning())
                    .append('\n');
        }
        return r.release() + (r.epoch() >= 0 ? ", finalized features epoch " + r.epoch() : "") + "\n\n"
                + table.render(width, color) + "\n" + meanings + software;
    }
}
