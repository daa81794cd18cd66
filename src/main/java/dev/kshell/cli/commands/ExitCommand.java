package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.ShellControl;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;


/** {@code exit} / {@code quit}: leave the REPL (stops the sandbox, if any). */
public class ExitCommand extends KshellCommand {

    private final ShellControl control;

    public ExitCommand(ShellControl control) {
        super(CommandSpec.named("exit", "quit").group(Group.SESSION).description("Leave kshell (Ctrl-D does the same)")
                .traits(Trait.SHELL_ONLY));
        this.control = control;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        control.requestExit();
        return ExitCode.OK;
    }
}
