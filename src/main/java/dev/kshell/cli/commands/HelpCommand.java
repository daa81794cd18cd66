package dev.kshell.cli.commands;

import dev.kshell.cli.CommandHelp;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.model.ExitCode;

import java.util.function.Supplier;
import java.util.List;

/** {@code help [COMMAND | GROUP]}. */
public class HelpCommand extends KshellCommand {

    static final Arg<List<String>> COMMAND = Arg.many("command", ArgKind.COMMAND, "the command to explain").optional();

    // A supplier, not the parser itself: the parser is made after every command, this one included (app.Assembly).
    private final Supplier<CommandLineParser> parser;

    public HelpCommand(Supplier<CommandLineParser> parser) {
        super(CommandSpec.named("help").group(Group.SESSION)
                .description("List commands, a group's commands (help sandbox), or one command's options and examples")
                .arguments(COMMAND).examples("help", "help describe", "help elect unclean",
                        "help sandbox   # the sandbox commands"));
        this.parser = parser;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        CommandLineParser p = parser.get();
        List<String> words = inv.get(COMMAND);
        if (words.isEmpty()) {
            inv.emit(CommandHelp.catalogue(p.commands()), () -> CommandHelp.overview(p.commands()));
            return ExitCode.OK;
        }
        KshellCommand command = p.find(words).orElse(null);
        if (command == null && words.size() == 1) {
            List<KshellCommand> members = CommandHelp.group(words.get(0), p.commands());
            if (!members.isEmpty()) {
                inv.emit(CommandHelp.catalogue(members), () -> CommandHelp.forGroup(words.get(0), members));
                return ExitCode.OK;
            }
        }
        if (command == null) {
            throw new UsageException("help: unknown command '" + String.join(" ", words) + "'");
        }
        inv.emit(CommandHelp.describe(command), () -> CommandHelp.forCommand(command));
        return ExitCode.OK;
    }
}
