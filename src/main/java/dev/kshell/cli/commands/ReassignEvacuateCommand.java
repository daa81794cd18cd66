package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.ReassignTables;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.StateStore;
import dev.kshell.util.ByteSizes;
import dev.kshell.workflow.reassign.EvacuateWorkflow;

import java.nio.file.Path;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code reassign evacuate BROKER...}: every replica on the brokers moves to live brokers (plan, confirm, audit,
 * throttle, watch, throttle removed). Partitions with no live copy are apart: the unclean guard's rules.
 */
public class ReassignEvacuateCommand extends KshellCommand {

    static final Arg<List<Integer>> BROKERS = Arg.nodeIds("broker", ArgKind.BROKER_ID,
            "a broker to empty (dead or alive)").whenMissing("name the broker(s) to evacuate, e.g. reassign evacuate 6");
    static final Opt<String> THROTTLE = Opt.text("throttle", "replication throttle per broker taking part, each way "
            + "(e.g. 50MB/s, 10MiB/s; 0 = none)").hint("RATE").orElse("50MB/s")
            .check(v -> v.strip().equals("0") || ByteSizes.valid(v), "--throttle takes a rate such as 50MB/s, 10MiB/s "
                    + "or 0 for none");
    static final Opt<String> EXPORT = Opt.text("export", ArgKind.FILE,
            "also write the plan as Kafka's reassignment JSON (kafka-reassign-partitions.sh --execute/--verify)")
            .hint("FILE");

    static final Opt<Boolean> SHRINK = Opt.flag("shrink", "on a small cluster, run a partition that no live broker "
            + "outside its replicas can take on its live replicas for now (one copy fewer; y/N; `reassign restore-rf` "
            + "puts the factor back)");

    private final ShellSession session;

    public ReassignEvacuateCommand(ShellSession session) {
        super(CommandSpec.named("reassign evacuate").group(Group.ACTION)
                .description("Move every replica off broker(s) to live brokers, keeping the replication factor")
                .options(THROTTLE, EXPORT, SHRINK, GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(BROKERS)
                .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                .examples("reassign evacuate 6 --dry-run", "reassign evacuate 6 --export plan.json --dry-run",
                        "reassign evacuate 6 --throttle 20MB/s", "reassign evacuate 5 6 --yes",
                        "reassign evacuate 6 --shrink --dry-run"));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        String throttleText = inv.get(THROTTLE).strip();
        long throttle = throttleText.equals("0") ? 0 : ByteSizes.parse(throttleText);
        String export = inv.get(EXPORT);
        EvacuateWorkflow workflow = new EvacuateWorkflow(session.requireGateway(), ReassignConversation.auditLog(inv),
                new StateStore(OffsetMemory.defaultDir()), EvacuateWorkflow.POLL);
        EvacuateWorkflow.Result result = workflow.run(ReassignConversation.attempt(session, inv),
                new EvacuateWorkflow.Request(new TreeSet<>(inv.get(BROKERS)), throttle,
                        export == null ? null : Path.of(export), inv.get(SHRINK)));
        inv.emit(result.report(), () -> ReassignTables.results(result.report(), result.lines(), inv.output().width(),
                inv.output().color()));
        if (result.report().export() != null) {
            inv.note("plan written to " + result.report().export() + " (Kafka's reassignment JSON)");
        }
        return result.exitCode();
    }
}
