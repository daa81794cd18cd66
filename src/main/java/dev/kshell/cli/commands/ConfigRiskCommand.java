package dev.kshell.cli.commands;

import dev.kshell.cli.GateAttempts;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.memory.RequestedFile;
import dev.kshell.render.ConfigTables;
import dev.kshell.rules.ConfigRiskReport;
import dev.kshell.rules.configs.ConfigFixes;
import dev.kshell.workflow.check.ConfigRiskService;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.FindingTables;
import dev.kshell.workflow.configs.ConfigFixWorkflow;
import dev.kshell.workflow.gate.MutationGate;

import java.nio.file.Path;
import java.util.List;

/**
 * {@code audit} (the config-risk check; not the audit log): configuration that turns the next broker failure into
 * data loss or an outage, on the connected cluster or on profiles from profiles.yaml ({@link ConfigRiskService}).
 * {@code audit --fix} makes the config changes its findings name, as one plan through the gate
 * ({@link ConfigFixWorkflow}); {@code --export FILE} keeps them as Kafka's kafka-configs.sh lines.
 */
public class ConfigRiskCommand extends KshellCommand {

    static final Opt<String> PROFILE = Opt.text("profile", ArgKind.PROFILE,
            "audit this profile from profiles.yaml instead of the connection (repeatable)").repeatable();
    static final Opt<Boolean> ALL_PROFILES = Opt.flag("all-profiles", "audit every profile in profiles.yaml, concurrently");
    static final Opt<Boolean> FIX = Opt.flag("fix", "make the config changes the findings name, as one plan through "
            + "the gate (the connected cluster)");
    static final Opt<String> EXPORT = Opt.text("export", ArgKind.FILE,
            "with --fix: write the changes as Kafka's kafka-configs.sh lines to this new file").hint("FILE");

    private final ConfigRiskService service;
    private final ConfigFixWorkflow fixes;

    public ConfigRiskCommand(ConfigRiskService service) {
        super(CommandSpec.named("audit").group(Group.JUDGEMENT)
                .description("Config risks: unclean election enabled, min.isr >= RF, RF 1, weak internal topics, "
                        + "broker defaults vs live brokers; --fix makes the config changes through the gate")
                .options(PROFILE, ALL_PROFILES, FIX, EXPORT, GlobalOptions.DRY_RUN, GlobalOptions.YES)
                .atMostOneOf(PROFILE, ALL_PROFILES).traits(Trait.WATCHABLE).mutatingWith(FIX)
                .examples("audit", "audit --all-profiles", "audit --profile prod-eu --profile prod-us --output json",
                        "audit --fix", "audit --fix --export fix-configs.sh --dry-run"));
        this.service = service;
        this.fixes = new ConfigFixWorkflow(service);
    }

    @Override
    public ExitCode execute(Invocation inv) throws InterruptedException {
        List<String> profiles = inv.all(PROFILE);
        boolean all = inv.get(ALL_PROFILES);
        if (inv.get(FIX)) {
            if (all || !profiles.isEmpty()) {
                throw new UsageException("audit --fix changes the connected cluster only: leave out --profile / "
                        + "--all-profiles (or connect --profile NAME first)");
            }
            return fix(inv);
        }
        for (Opt<?> o : List.of(EXPORT, GlobalOptions.DRY_RUN, GlobalOptions.YES)) {
            if (inv.given(o)) {
                throw new UsageException("audit: --" + o.name() + " goes with --fix");
            }
        }
        ConfigRiskReport report = all || !profiles.isEmpty()
                ? service.profiles(all, profiles, inv.get(GlobalOptions.TIMEOUT))
                : service.connected();
        boolean fixable = !all && profiles.isEmpty() && report.clusters().stream()
                .anyMatch(c -> !ConfigFixes.plan(c.findings()).isEmpty());
        inv.emit(report, () -> FindingTables.configRisks(report, inv.output().width(), inv.output().color())
                + (fixable ? "the config changes above, as one plan through kshell's gate: audit --fix (--dry-run to "
                + "see it, --export FILE for kafka-configs.sh lines)\n" : ""));
        return report.exitCode();
    }

    private ExitCode fix(Invocation inv) {
        MutationGate gate = GateAttempts.open(service.session(), inv, "audit-fix");
        String export = inv.get(EXPORT);
        RequestedFile file = export == null ? null : gate.requestedFile(Path.of(export), "--export");
        ConfigFixWorkflow.Fixing fixing = gate.plan(fixes::plan);
        String clusterId = fixing.audited().clusterId();
        List<String> elsewhere = fixing.elsewhere().stream().map(f -> f.where() + " (" + f.rule() + "): "
                + f.fix()).toList();
        elsewhere.forEach(l -> inv.note("not a config change, do it yourself: " + l));
        fixing.fixes().stream().filter(ConfigFixes.Fix::tradeOff).forEach(f -> inv.note("trade-off, not a fix: "
                + f.entity().words() + " " + f.op().key() + "=" + f.op().value() + " (" + f.finding().where()
                + ", " + f.finding().rule() + "): the audit prefers " + "the change it names first"));
        if (fixing.planned().isEmpty()) {
            String why = "no finding of this cluster is fixed by a config change";
            gate.ended(clusterId, dev.kshell.audit.AuditDecision.NOT_NEEDED, why, elsewhere);
            inv.emit(new Fixed(clusterId, List.of(), elsewhere, null), () -> why + "\n");
            return ExitCode.OK;
        }
        String written = file == null ? null : gate.export(clusterId, file, fixing.kafkaLines());
        if (written != null) {
            inv.note("kafka-configs.sh lines written to " + written);
        }
        int n = fixing.fixes().size();
        ConfigsConversation.Applied applied = ConfigsConversation.run(gate, inv, fixes.configs(), fixing.planned(),
                "set", "Make " + n + " config change" + (n == 1 ? "" : "s") + " on " + fixing.planned().size()
                        + " entit" + (fixing.planned().size() == 1 ? "y" : "ies") + "?");
        if (applied != null) {
            ConfigsConversation.emitDone(inv, applied, null, a -> {
                StringBuilder out = new StringBuilder();
                for (int i = 0; i < a.done().size(); i++) {
                    out.append(ConfigTables.done(a.plans().get(i), a.done().get(i).after(), null,
                            java.time.ZoneId.systemDefault()));
                }
                return out.toString();
            });
        }
        return ExitCode.OK;
    }

    /** {@code --output json} of an audit --fix with nothing to change. */
    public record Fixed(String clusterId, List<String> changes, List<String> elsewhere, String export) {
    }
}
