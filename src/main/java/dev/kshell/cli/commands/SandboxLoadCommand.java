package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;

import java.util.Arrays;
import java.util.List;

/** {@code sandbox load}: the background producer's sent / failed counts by error; start or stop it. */
public class SandboxLoadCommand extends KshellCommand {

    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.TOPIC,
            "start producing to these topics (comma-separated), replacing the current load").hint("TOPIC,...");
    static final Opt<Boolean> STOP = Opt.flag("stop", "stop the background producer");

    private final Sandbox sandbox;

    public SandboxLoadCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox load").group(Group.SANDBOX)
                .description("The background producer: sent, acknowledged, failed by error")
                .options(TOPIC, STOP).atMostOneOf(TOPIC, STOP)
                // starting or stopping a producer changes the cluster: audited, planned in a runbook's dry run,
                // and a runbook runs it only with --yes (the view alone changes nothing, but one declaration holds both)
                .traits(Trait.MUTATING)
                .examples("sandbox load", "sandbox load --topic demo-rf3,demo-rf1", "sandbox load --stop"));
        this.sandbox = sandbox;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.get(STOP)) {
            if (SandboxViews.dryRun(inv, sandbox, "sandbox load --stop", new SandboxViews.LoadView(false, null),
                    "dry run: would stop the background load\n")) {
                return ExitCode.OK;
            }
            boolean stopped = SandboxViews.injecting(inv, sandbox, "sandbox load --stop", sandbox::stopLoad);
            inv.emit(new SandboxViews.LoadView(false, null),
                    () -> stopped ? "background load stopped\n" : "no background load was running\n");
            return ExitCode.OK;
        }
        if (inv.get(TOPIC) != null) {
            List<String> topics = Arrays.stream(inv.get(TOPIC).split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList();
            if (SandboxViews.dryRun(inv, sandbox, "sandbox load --topic", new SandboxViews.LoadView(false, null),
                    "dry run: would start a background load on " + String.join(", ", topics) + "\n")) {
                return ExitCode.OK;
            }
            SandboxViews.injecting(inv, sandbox, "sandbox load --topic", () -> {
                sandbox.startLoad(topics);
                return null;
            });
        }
        SandboxViews.LoadView view = sandbox.load()
                .map(s -> new SandboxViews.LoadView(true, s)).orElse(new SandboxViews.LoadView(false, null));
        inv.emit(view, () -> SandboxViews.renderLoad(view, inv.output().width(), inv.output().color()));
        return view.present() && view.stats().failed() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
