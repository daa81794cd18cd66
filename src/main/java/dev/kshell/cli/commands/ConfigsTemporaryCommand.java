package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.model.ExitCode;
import dev.kshell.model.TemporaryChange;
import dev.kshell.render.ConfigTables;
import dev.kshell.workflow.check.InputException;
import dev.kshell.workflow.configs.ConfigsWorkflow;
import dev.kshell.workflow.gate.MutationGate;

import java.time.Clock;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The temporary config changes kshell remembers ({@code configs set ... --for}): {@code configs temporary} lists
 * them, {@code configs revert ID... | --due} puts them back through the gate and forgets them, {@code configs keep
 * ID...} forgets them on purpose (the change stays; nothing reminds any more). One class, one command per kind.
 */
public class ConfigsTemporaryCommand extends KshellCommand {

    /** The three commands. */
    public enum Kind { LIST, REVERT, KEEP }

    static final Opt<Boolean> DUE = Opt.flag("due", "every temporary change whose time has passed");
    private static final Arg<List<String>> IDS = Arg.many("id", ArgKind.TEMPORARY_CHANGE,
            "the temporary change's id (configs temporary lists them)");
    private static final Arg<List<String>> REVERT_IDS = IDS.optional();
    private static final Arg<List<String>> KEEP_IDS = IDS.whenMissing("name the temporary change to keep (configs "
            + "temporary lists them)");

    private final ShellSession session;
    private final Kind kind;
    private final ConfigsWorkflow workflow;
    private final Clock clock;

    public ConfigsTemporaryCommand(ShellSession session, Kind kind) {
        this(session, kind, Clock.systemUTC());
    }

    public ConfigsTemporaryCommand(ShellSession session, Kind kind, Clock clock) {
        super(spec(kind));
        this.session = session;
        this.kind = kind;
        this.workflow = new ConfigsWorkflow(session);
        this.clock = clock;
    }

    private static CommandSpec spec(Kind kind) {
        return switch (kind) {
            case LIST -> CommandSpec.named("configs temporary").group(Group.STATE)
                    .description("The temporary config changes kshell remembers for this cluster, due ones marked")
                    .traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE).examples("configs temporary");
            case REVERT -> CommandSpec.named("configs revert").group(Group.ACTION)
                    .description("Put temporary config changes back as they were (through the gate) and forget them")
                    .options(DUE, GlobalOptions.DRY_RUN, GlobalOptions.YES).arguments(REVERT_IDS)
                    .exactlyOneOf(DUE, REVERT_IDS).traits(Trait.NEEDS_CONNECTION, Trait.MUTATING)
                    .examples("configs revert t1", "configs revert --due --dry-run");
            case KEEP -> CommandSpec.named("configs keep").group(Group.ACTION)
                    .description("Keep temporary config changes as they are: kshell stops reminding of them")
                    .arguments(KEEP_IDS)
                    .traits(Trait.NEEDS_CONNECTION).examples("configs keep t1");
        };
    }

    /** {@code --output json} of {@code configs temporary} and {@code configs keep}. */
    public record Listed(String clusterId, List<TemporaryChange> changes, List<String> due, String note) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        return switch (kind) {
            case LIST -> list(inv);
            case REVERT -> revert(inv);
            case KEEP -> keep(inv);
        };
    }

    private ExitCode list(Invocation inv) {
        String clusterId = workflow.clusterId();
        TemporaryChanges.Read read = TemporaryChanges.atHome().read(clusterId);
        warn(inv, read);
        List<String> due = read.due(clock.instant()).stream().map(TemporaryChange::id).toList();
        inv.emit(new Listed(clusterId, read.changes(), due, null), () -> ConfigTables.temporary(read.changes(),
                clock.instant(), ZoneId.systemDefault(), inv.output().width(), inv.output().color()));
        return ExitCode.OK;
    }

    private ExitCode keep(Invocation inv) {
        String clusterId = workflow.clusterId();
        TemporaryChanges store = TemporaryChanges.atHome();
        List<TemporaryChange> chosen = chosen(store.read(clusterId), inv.get(KEEP_IDS), false);
        List<String> lines = new ArrayList<>();
        for (TemporaryChange c : chosen) {
            store.forget(clusterId, c.id());
            lines.add(c.id() + " kept: " + c.entity().words() + " " + String.join(" ", c.changed())
                    + " stays; kshell no longer reminds of it");
        }
        inv.emit(new Listed(clusterId, chosen, List.of(), "kept"), () -> String.join("\n", lines) + "\n");
        return ExitCode.OK;
    }

    private ExitCode revert(Invocation inv) {
        MutationGate gate = GateAttempts.open(session, inv, "configs-revert");
        TemporaryChanges store = TemporaryChanges.atHome();
        record Chosen(String clusterId, List<TemporaryChange> changes, List<ConfigsWorkflow.Planned> planned) {
        }
        Chosen chosen = gate.plan(() -> {
            String clusterId = workflow.clusterId();
            List<TemporaryChange> changes = chosen(store.read(clusterId), inv.get(REVERT_IDS), inv.get(DUE));
            List<ConfigsWorkflow.Planned> planned = new ArrayList<>();
            changes.forEach(c -> planned.add(workflow.plan(c.entity(), c.undo())));
            return new Chosen(clusterId, changes, planned);
        });
        if (chosen.changes().isEmpty()) {
            inv.emit(new Listed(chosen.clusterId(), List.of(), List.of(), "nothing due"),
                    () -> "no temporary config change is due\n");
            return ExitCode.OK;
        }
        int n = chosen.changes().size();
        ConfigsConversation.Applied applied = ConfigsConversation.run(gate, inv, workflow, chosen.planned(),
                "revert", "Revert " + n + " temporary change" + (n == 1 ? "" : "s") + " ("
                        + chosen.changes().stream().map(TemporaryChange::id).collect(Collectors.joining(", ")) + ")?");
        if (applied == null && inv.command().spec().declares(GlobalOptions.DRY_RUN.name())
                && (inv.get(GlobalOptions.DRY_RUN) || inv.mode().dryRun())) {
            return ExitCode.OK;
        }
        // reverted, or already as it was before (nothing to do): either way nothing is left to remind of
        chosen.changes().forEach(c -> store.forget(chosen.clusterId(), c.id()));
        if (applied != null) {
            ConfigsConversation.emitDone(inv, applied, null, a -> chosen.changes().stream()
                    .map(c -> c.id() + " reverted: " + c.entity().words() + " is back as it was\n")
                    .collect(Collectors.joining()));
        }
        return ExitCode.OK;
    }

    /** The changes named (each must exist), or those due with {@code --due}. */
    private List<TemporaryChange> chosen(TemporaryChanges.Read read, List<String> ids, boolean due) {
        if (read.warning() != null) {
            throw new InputException(read.warning());
        }
        if (due) {
            return read.due(clock.instant());
        }
        List<TemporaryChange> out = new ArrayList<>();
        for (String id : ids) {
            TemporaryChange c = read.changes().stream().filter(x -> x.id().equals(id)).findFirst()
                    .orElseThrow(() -> new InputException("no temporary change " + id + " is remembered for this "
                            + "cluster" + (read.changes().isEmpty() ? "" : " (known: " + read.changes().stream()
                            .map(TemporaryChange::id).collect(Collectors.joining(", ")) + ")")));
            out.add(c);
        }
        return out;
    }

    private static void warn(Invocation inv, TemporaryChanges.Read read) {
        if (read.warning() != null) {
            inv.note("warning: " + read.warning());
        }
    }
}
