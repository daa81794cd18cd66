package dev.kshell.cli.commands;

import dev.kshell.cli.CandidateSource;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.sandbox.Sandbox;
import org.jline.reader.Candidate;

import java.util.List;
import java.util.Optional;
import dev.kshell.memory.KshellHome;

/**
 * {@code sandbox status}: every node of the sandbox with its role, port, state, whether it answers on its port (a
 * short ApiVersions request per running node), and its directory.
 * It also tells completion the sandbox's scenarios and node states ({@link SandboxCandidates}).
 */
public class SandboxStatusCommand extends KshellCommand implements CandidateSource {

    private final Sandbox sandbox;

    public SandboxStatusCommand(Sandbox sandbox) {
        super(CommandSpec.named("sandbox status").group(Group.SANDBOX)
                .description("Every sandbox node: role, id, port, running/stopped/killed, whether it answers, data dir")
                .traits(Trait.WATCHABLE).examples("sandbox status", "sandbox status --output json"));
        this.sandbox = sandbox;
    }

    @Override
    public Optional<List<Candidate>> candidates(ArgKind kind, String word) {
        return SandboxCandidates.candidates(sandbox, kind, word);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        SandboxViews.StatusView view = SandboxViews.status(sandbox);
        inv.emit(view, () -> SandboxViews.renderStatus(view, inv.output().width(), inv.output().color())
                + "history, audit log and state: " + KshellHome.records() + "\n");
        return ExitCode.OK;
    }
}
