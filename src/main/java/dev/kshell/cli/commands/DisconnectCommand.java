package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.model.ExitCode;
import dev.kshell.session.ShellSession;
import org.springframework.stereotype.Component;

/** {@code disconnect}: close the session's connection. */
@Component
public class DisconnectCommand extends KshellCommand {

    private final ShellSession session;

    public DisconnectCommand(ShellSession session) {
        super("disconnect", "Session", "Close the cluster connection", "disconnect");
        this.session = session;
        arguments();
    }

    @Override
    public ExitCode run(Invocation inv) {
        inv.noArguments();
        boolean was = session.connection().isPresent();
        session.disconnect();
        inv.emit(java.util.Map.of("disconnected", was), () -> was ? "disconnected\n" : "not connected\n");
        return ExitCode.OK;
    }
}
