package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import org.springframework.stereotype.Component;

import java.util.Arrays;
import java.util.List;

/** {@code sandbox load}: the background producer's sent / failed counts by error; start or stop it. */
@Component
public class SandboxLoadCommand extends KshellCommand {

    private final Sandbox sandbox;

    public SandboxLoadCommand(Sandbox sandbox) {
        super("sandbox load", "Sandbox", "The background producer: sent, acknowledged, failed by error",
                "sandbox load [--topic T1,T2 | --stop]");
        this.sandbox = sandbox;
        options(option("topic", ArgKind.TOPIC, "start producing to these topics (comma-separated), replacing the current load"),
                flag("stop", "stop the background producer"));
        examples("sandbox load", "sandbox load --topic demo-rf3,demo-rf1", "sandbox load --stop");
        arguments();
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        if (inv.flag("stop")) {
            boolean stopped = SandboxViews.refusing(() -> {
                sandbox.cluster();
                return sandbox.stopLoad();
            });
            inv.emit(new SandboxViews.LoadView(false, null),
                    () -> stopped ? "background load stopped\n" : "no background load was running\n");
            return ExitCode.OK;
        }
        if (inv.option("topic") != null) {
            List<String> topics = Arrays.stream(inv.option("topic").split(",")).map(String::strip)
                    .filter(s -> !s.isEmpty()).toList();
            SandboxViews.refusing(() -> sandbox.startLoad(topics));
        }
        SandboxViews.LoadView view = SandboxViews.refusing(() -> sandbox.load()
                .map(s -> new SandboxViews.LoadView(true, s)).orElse(new SandboxViews.LoadView(false, null)));
        inv.emit(view, () -> SandboxViews.renderLoad(view, inv.output().width(), inv.output().color()));
        return view.present() && view.stats().failed() > 0 ? ExitCode.FINDINGS : ExitCode.OK;
    }
}
