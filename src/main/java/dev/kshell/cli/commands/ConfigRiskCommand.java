package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.rules.ConfigRiskReport;
import dev.kshell.workflow.check.ConfigRiskService;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.FindingTables;

import java.util.List;

/**
 * {@code audit} (the config-risk check; not the audit log): configuration that turns the next broker failure into
 * data loss or an outage, on the connected cluster or on profiles from profiles.yaml ({@link ConfigRiskService}).
 */
public class ConfigRiskCommand extends KshellCommand {

    static final Opt<String> PROFILE = Opt.text("profile", ArgKind.PROFILE,
            "audit this profile from profiles.yaml instead of the connection (repeatable)").repeatable();
    static final Opt<Boolean> ALL_PROFILES = Opt.flag("all-profiles", "audit every profile in profiles.yaml, concurrently");

    private final ConfigRiskService service;

    public ConfigRiskCommand(ConfigRiskService service) {
        super(CommandSpec.named("audit").group(Group.JUDGEMENT)
                .description("Config risks: unclean election enabled, min.isr >= RF, RF 1, weak internal topics, "
                        + "broker defaults vs live brokers")
                .options(PROFILE, ALL_PROFILES).atMostOneOf(PROFILE, ALL_PROFILES).traits(Trait.WATCHABLE)
                .examples("audit", "audit --all-profiles", "audit --profile prod-eu --profile prod-us --output json"));
        this.service = service;
    }

    @Override
    public ExitCode execute(Invocation inv) throws InterruptedException {
        List<String> profiles = inv.all(PROFILE);
        boolean all = inv.get(ALL_PROFILES);
        ConfigRiskReport report = all || !profiles.isEmpty()
                ? service.profiles(all, profiles, inv.get(GlobalOptions.TIMEOUT))
                : service.connected();
        inv.emit(report, () -> FindingTables.configRisks(report, inv.output().width(), inv.output().color()));
        return report.exitCode();
    }
}
