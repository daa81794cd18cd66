package dev.kshell.cli.commands;

import dev.kshell.cli.CommandHelp;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.ArgKind;
import dev.kshell.model.ExitCode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.List;

/** {@code help [COMMAND]}. */
@Component
public class HelpCommand extends KshellCommand {

    // A provider, not the parser itself: the parser needs every command, this one included (bean cycle, docs/kafka-behaviour.md).
    private final ObjectProvider<CommandLineParser> parser;

    public HelpCommand(ObjectProvider<CommandLineParser> parser) {
        super("help", "Session", "List commands, or show one command's options and examples", "help [COMMAND | GROUP]");
        this.parser = parser;
        examples("help", "help describe", "help elect unclean", "help sandbox   # the sandbox commands");
        arguments(argument("command", ArgKind.COMMAND, "the command to explain").optional().many());
    }

    @Override
    public ExitCode run(Invocation inv) {
        CommandLineParser p = parser.getObject();
        if (inv.arguments().isEmpty()) {
            inv.emit(CommandHelp.catalogue(p.commands()), () -> CommandHelp.overview(p.commands()));
            return ExitCode.OK;
        }
        KshellCommand command = p.find(inv.arguments()).orElse(null);
        if (command == null && inv.arguments().size() == 1) {
            String word = inv.arguments().get(0);
            List<KshellCommand> members = CommandHelp.group(word, p.commands());
            if (!members.isEmpty()) {
                inv.emit(CommandHelp.catalogue(members), () -> CommandHelp.forGroup(word, members));
                return ExitCode.OK;
            }
        }
        if (command == null) {
            throw new UsageException("help: unknown command '" + String.join(" ", inv.arguments()) + "'");
        }
        inv.emit(CommandHelp.describe(command), () -> CommandHelp.forCommand(command));
        return ExitCode.OK;
    }
}
