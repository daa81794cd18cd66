package dev.kshell.cli.commands;

import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCompleter;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ShellSession;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import dev.kshell.cli.KshellCommand;

/**
 * {@code __complete -- WORD... PARTIAL} (hidden): prints the completion candidates of the last word, one per line,
 * for the bash and zsh scripts in completions/. The same {@link KshellCompleter} as the REPL; when the launcher was
 * given a connection, live names come from one quick snapshot (a short deadline: a slow cluster only means fewer
 * candidates, never a hung Tab).
 */
public class CompleteCommand extends KshellCommand {

    /** The live lookup's deadline: a Tab press must come back quickly. */
    static final Duration LOOKUP_TIMEOUT = Duration.ofSeconds(3);

    static final Arg<List<String>> WORDS = Arg.rest("words", ArgKind.WORDS, "the line so far, the partial word last")
            .optional();

    private final ShellSession session;
    private final Supplier<CommandLineParser> parser;

    private final Supplier<Path> home;
    public CompleteCommand(ShellSession session, Supplier<CommandLineParser> parser) {
        this(session, parser, KshellHome::dir);
    }

    /** @param home kshell's home (profiles.yaml); tests pass a temporary one */
    public CompleteCommand(ShellSession session, Supplier<CommandLineParser> parser, Supplier<Path> home) {
        // The words are the line being completed: options end here, dashes included.
        super(CommandSpec.named("__complete").group(Group.SESSION)
                .description("Completion candidates for the bash/zsh scripts, one per line")
                .arguments(WORDS).traits(Trait.HIDDEN));
        this.session = session;
        this.parser = parser;
        this.home = home;
    }

    @Override
    public ExitCode execute(Invocation inv) {
        List<String> words = new ArrayList<>(inv.get(WORDS));
        if (words.isEmpty()) {
            words.add("");
        }
        session.readSnapshotIfNone(LOOKUP_TIMEOUT); // unreachable or slow: complete what needs no cluster
        KshellCompleter completer = new KshellCompleter(parser.get(), session, home, () -> { });
        List<String> values = completer.values(words, words.size() - 1);
        inv.emit(values, () -> values.isEmpty() ? "" : String.join("\n", values) + "\n");
        return ExitCode.OK;
    }
}
