package dev.kshell.cli.commands;

import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.ManPage;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;

import java.util.function.Supplier;
import java.util.List;

/**
 * {@code __manpage} (hidden): prints kshell's manual page (roff) from the command declarations. The release build
 * runs it to write {@code share/man/man1/kshell.1}.
 */
public class ManPageCommand extends KshellCommand {

    // A supplier, not the parser itself: the parser is made after every command, this one included (app.Assembly).
    private final Supplier<CommandLineParser> parser;

    public ManPageCommand(Supplier<CommandLineParser> parser) {
        super(CommandSpec.named("__manpage").group(Group.SESSION)
                .description("kshell's manual page (roff), for the release build").traits(Trait.HIDDEN));
        this.parser = parser;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        List<CommandSpec> commands = parser.get().commands().stream().map(KshellCommand::spec).toList();
        String version = ManPageCommand.class.getPackage().getImplementationVersion();
        String page = ManPage.render(version == null ? "dev" : version, GlobalOptions.LAUNCHER, GlobalOptions.COMMON,
                commands);
        inv.emitStreamed(page, w -> w.print(page)); // roff source: never wrapped
        return ExitCode.OK;
    }
}
