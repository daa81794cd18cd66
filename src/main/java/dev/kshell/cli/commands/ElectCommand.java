package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.model.ExitCode;
import dev.kshell.rules.election.ElectionAction;
import dev.kshell.workflow.election.ElectionService;

import java.util.function.BiFunction;

/**
 * What the three {@code elect} commands share: the session they run in, and an execution that is one election
 * attempt through {@link ElectConversation}. Each command still declares itself, in its own constructor, and says
 * only which election it asks the service for.
 */
abstract class ElectCommand extends KshellCommand {

    private final ShellSession session;

    ElectCommand(CommandSpec spec, ShellSession session) {
        super(spec);
        this.session = session;
    }

    /** One attempt of {@code action}: {@code elect} asks the service for it, with the attempt the invocation makes. */
    ExitCode elect(Invocation inv, ElectionAction action,
                   BiFunction<ElectionService, ElectionService.Attempt, ElectionService.Result> elect) {
        return ElectConversation.run(session, inv, action, elect);
    }
}
