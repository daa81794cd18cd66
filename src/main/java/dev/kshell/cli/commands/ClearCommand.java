package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;

/**
 * {@code clear}: clears the screen, as the shell on call people came from does (Ctrl-L does the same at the prompt).
 * At a terminal only: piped output and JSON get nothing, so a log never holds the sequence.
 */
public class ClearCommand extends KshellCommand {

    /** Cursor home, then erase the screen: the two sequences kshell's own writer lets pass (render.Safe). */
    static final String CLEAR = "\u001b[H\u001b[2J";

    public ClearCommand() {
        super(CommandSpec.named("clear", "cls").group(Group.SESSION).description("Clear the screen (Ctrl-L does too)")
                .traits(Trait.SHELL_ONLY, Trait.RUNBOOK_FORBIDDEN).examples("clear"));
    }

    @Override
    public ExitCode execute(Invocation inv) {
        if (inv.output().terminal() && !inv.output().json()) {
            inv.output().out().print(CLEAR);
            inv.output().out().flush();
        }
        return ExitCode.OK;
    }
}
