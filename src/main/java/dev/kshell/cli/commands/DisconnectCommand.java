package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.connection.ShellSession;
import java.util.Map;

/** {@code disconnect}: close the session's connection. */
public class DisconnectCommand extends KshellCommand {

    private final ShellSession session;

    public DisconnectCommand(ShellSession session) {
        super(CommandSpec.named("disconnect").group(Group.SESSION).description("Close the cluster connection")
                .traits(Trait.SHELL_ONLY));
        this.session = session;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        boolean was = session.connection().isPresent();
        session.disconnect();
        inv.emit(Map.of("disconnected", was), () -> was ? "disconnected\n" : "not connected\n");
        return ExitCode.OK;
    }
}
