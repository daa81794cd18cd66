package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Opt;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.List;

/** {@code sandbox load}: the background producer's sent / failed counts by error; start or stop it. */
@Component
public class SandboxLoadCommand extends KshellCommand {

    static final Opt<String> TOPIC = Opt.text("topic", ArgKind.TOPIC,
            "start producing to these topics (comma-separated), replacing the current load").hint("TOPIC,...");
    static final Opt<Boolean> STOP = Opt.flag("stop", "stop the background producer");

    private final Sandbox sandbox;

    public SandboxLoadCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox load").group(Group.SANDBOX)
                .description("The background producer: sent, acknowledged, failed by error")
                .options(TOPIC, STOP).atMostOneOf(TOPIC, STOP)
                .examples("sandbox load", "sandbox load --topic demo-rf3,demo-rf1", "sandbox load --stop"));
        this.sandbox = sandbox;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.get(STOP)) {
            sandbox.cluster(); // refuses (exit 2) when no sandbox runs
            boolean stopped = sandbox.stopLoad();
            inv.emit(new SandboxViews.LoadView(false, null),
                    () -> stopped ? "background load stopped\n" : "no background load was running\n");
            return ExitCode.OK;
        }
        if (inv.get(TOPIC) != null) {
            List<String> topics = Arrays.stream(inv.get(TOPIC).split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList();
            sandbox.startLoad(topics);
        }
        SandboxViews.LoadView view = sandbox.load()
                .map(s -> new SandboxViews.LoadView(true, s)).orElse(new SandboxViews.LoadView(false, null));
        inv.emit(view, () -> SandboxViews.renderLoad(view, inv.output().width(), inv.output().color()));
        return view.present() && view.stats().failed() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
