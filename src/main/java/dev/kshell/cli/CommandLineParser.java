package dev.kshell.cli;

import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Tokenizer;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The shell's commands under the one grammar ({@link CommandGrammar}): the REPL, one-shot mode, runbooks and
 * completion find and parse commands through here. Grammar errors become {@link UsageException}s (exit 2).
 */
public final class CommandLineParser {

    /** Options every command accepts (declared in the grammar). */
    public static final List<OptionSpec> COMMON_OPTIONS = CommandGrammar.COMMON_OPTIONS;

    private final Supplier<? extends Collection<KshellCommand>> commands;
    private final CommandGrammar<KshellCommand> grammar;

    public CommandLineParser(Supplier<? extends Collection<KshellCommand>> commands) {
        this.commands = commands;
        this.grammar = new CommandGrammar<>(() -> commands.get().stream()
                .map(c -> new CommandGrammar.Entry<>(c.spec(), c)).toList());
    }

    public static CommandLineParser forCommands(Collection<KshellCommand> commands) {
        List<KshellCommand> copy = List.copyOf(commands);
        return new CommandLineParser(() -> copy);
    }

    public Collection<KshellCommand> commands() {
        return commands.get();
    }

    public CommandGrammar<KshellCommand> grammar() {
        return grammar;
    }

    /**
     * Splits a line into words with the one tokenizer; empty words are dropped (as a shell drops an empty
     * expansion); an unclosed quote is a usage error.
     */
    public static List<String> tokenize(String line) {
        try {
            return Tokenizer.words(line).stream().filter(w -> !w.isEmpty()).toList();
        } catch (GrammarException e) {
            throw new UsageException(e.getMessage() + " in: " + line.strip());
        }
    }

    /** The command named by the longest run of leading words, if any. */
    public Optional<KshellCommand> find(List<String> words) {
        return grammar.find(words).map(m -> m.entry().command());
    }

    public ParsedCommand parse(List<String> tokens) {
        try {
            CommandGrammar.ParsedLine<KshellCommand> parsed = grammar.parse(tokens);
            return new ParsedCommand(parsed.match().entry().command(), parsed.options(), parsed.arguments(),
                    parsed.values(), parsed.argumentValues());
        } catch (GrammarException e) {
            throw new UsageException(e.getMessage());
        }
    }

    /**
     * A command with its options (by long name, every value given as typed) and positional words, and the same
     * converted by the declaration.
     */
    public record ParsedCommand(KshellCommand command, Map<String, List<String>> options, List<String> arguments,
                                Map<String, List<Object>> values, Map<String, List<Object>> argumentValues) {

        public Invocation toInvocation(String line, Output output, Prompter prompter, ExecutionMode run) {
            return new Invocation(line, this, output, prompter, run, new Invocation.Emitted());
        }

        /** A common option's converted value (every command takes them). */
        public <T> T common(Opt<T> option) {
            return option.read(values.get(option.name()));
        }

        public boolean helpRequested() {
            return options.containsKey(GlobalOptions.HELP.name());
        }
    }
}
