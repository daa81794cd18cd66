package dev.kshell.cli.commands;

import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CompletionScripts;
import dev.kshell.grammar.ManPage;
import dev.kshell.model.ExitCode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.List;

/**
 * {@code __manpage} (hidden): prints kshell's manual page (roff) from the command declarations. The release build
 * runs it to write {@code share/man/man1/kshell.1}.
 */
@Component
public class ManPageCommand extends KshellCommand {

    private final ObjectProvider<CompletionScripts.Launcher> launcher;
    private final ObjectProvider<CommandLineParser> parser;

    public ManPageCommand(ObjectProvider<CompletionScripts.Launcher> launcher, ObjectProvider<CommandLineParser> parser) {
        super("__manpage", "Session", "kshell's manual page (roff), for the release build", "__manpage", true);
        this.launcher = launcher;
        this.parser = parser;
        arguments();
    }

    @Override
    public ExitCode run(Invocation inv) {
        CompletionScripts.Launcher declared = launcher.getIfAvailable();
        if (declared == null) {
            throw new IllegalStateException("__manpage: the launcher's options are not declared in this process");
        }
        List<ManPage.Entry> commands = parser.getObject().commands().stream()
                .map(c -> new ManPage.Entry(c.syntax(), c.getGroup(), c.getDescription(), c.examples())).toList();
        String version = ManPageCommand.class.getPackage().getImplementationVersion();
        String page = ManPage.render(version == null ? "dev" : version, declared.options(), CommandGrammar.COMMON_OPTIONS,
                commands);
        inv.emit(page, () -> page);
        return ExitCode.OK;
    }
}
