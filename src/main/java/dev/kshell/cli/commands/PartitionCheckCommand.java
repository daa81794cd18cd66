package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.rules.PartitionCheck;
import dev.kshell.rules.PartitionReport;
import dev.kshell.rules.TopicFilter;
import dev.kshell.workflow.check.PartitionCheckService;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.render.DiagnosisTables;
import dev.kshell.connection.ShellSession;

/**
 * The four partition checks ({@code leaderless}, {@code under-min-isr}, {@code at-min-isr},
 * {@code under-replicated}) share one shape: {@code [--topic T | --pattern REGEX]}, {@link PartitionCheckService},
 * render. Exit code: 0 nothing found, 1 findings (or topics whose min.isr could not be judged), 2 bad or unknown topic.
 */
abstract class PartitionCheckCommand extends KshellCommand {

    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.TOPIC, "only this topic (exact name)");
    static final Opt<String> PATTERN = Opt.text("pattern", "only topics whose whole name matches this regular expression")
            .hint("REGEX");

    private final PartitionCheckService service;
    private final PartitionCheck check;

    PartitionCheckCommand(ShellSession session, PartitionCheck check, String description) {
        super(CommandSpec.named(check.label()).group(Group.DIAGNOSIS).description(description)
                .options(TOPIC, PATTERN).atMostOneOf(TOPIC, PATTERN).traits(Trait.NEEDS_CONNECTION, Trait.WATCHABLE)
                .examples(check.label(), check.label() + " --topic orders", check.label() + " --pattern 'orders\\..*'",
                        check.label() + " --output json"));
        this.service = new PartitionCheckService(session);
        this.check = check;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        TopicFilter filter = TopicFilter.of(inv.get(TOPIC), inv.get(PATTERN));
        PartitionCheckService.Checked checked = service.check(check, filter);
        if (checked.skipped() != null) {
            inv.note(checked.skipped());
        }
        if (checked.silentNote() != null) {
            inv.note(checked.silentNote());
        }
        PartitionReport report = checked.report();
        inv.emitStreamed(report, out -> DiagnosisTables.writePartitions(out, report, filter, inv.output().width(),
                inv.output().color(), checked.elrMissing()));
        return report.exitCode();
    }
}
