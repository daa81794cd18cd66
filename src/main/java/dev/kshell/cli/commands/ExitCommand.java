package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.ShellControl;
import dev.kshell.model.ExitCode;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code exit} / {@code quit}: leave the REPL (stops the sandbox, if any). */
@Component
public class ExitCommand extends KshellCommand {

    private final ShellControl control;

    public ExitCommand(ShellControl control) {
        super("exit", "Session", "Leave kshell (Ctrl-D does the same)", "exit");
        setAliases(List.of("quit"));
        this.control = control;
        arguments();
    }

    @Override
    public ExitCode run(Invocation inv) {
        control.requestExit();
        return ExitCode.OK;
    }
}
