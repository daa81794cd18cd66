package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Severity;
import dev.kshell.render.ReplicationTables;
import dev.kshell.rules.replication.LogDirReport;
import dev.kshell.workflow.logdirs.LogDirsService;

/**
 * {@code logdirs}: every live broker's log directories: online or offline (with the error), size and usable space,
 * bytes held by replicas and the largest ones, cordoned, and the growth rate and time until full this session
 * watched. Exit 1 when a directory is offline, low on space or fills within a day.
 */
public class LogDirsCommand extends KshellCommand {

    static final Opt<Integer> BROKER = Opt.integer("broker", "only this broker's log directories").hint("N");

    private final LogDirsService service;

    public LogDirsCommand(ShellSession session) {
        super(CommandSpec.named("logdirs").group(Group.STATE)
                .description("Log directories per broker: online/offline, size, usable space, growth, time until full")
                .options(BROKER).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples("logdirs", "logdirs --broker 5", "watch --interval 30s logdirs", "logdirs --output json"));
        this.service = new LogDirsService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        LogDirReport report = service.read(inv.get(BROKER));
        inv.emit(report, () -> ReplicationTables.logDirs(report, inv.output().width(), inv.output().color()));
        boolean findings = report.findings().stream().anyMatch(f -> f.severity().atLeast(Severity.WARNING));
        return findings ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
