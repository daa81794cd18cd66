package dev.kshell.cli;

import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.GlobalOptions;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Tokenizer;
import org.springframework.shell.core.command.CommandArgument;
import org.springframework.shell.core.command.CommandOption;
import org.springframework.shell.core.command.CommandParser;
import org.springframework.shell.core.command.ParsedInput;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * kshell's grammar ({@link CommandGrammar}) as Spring Shell's {@link CommandParser}, over the commands of a
 * {@link KshellCommandRegistry}: the REPL, one-shot mode, runbooks and completion find and parse commands through
 * here. Grammar errors become {@link UsageException}s (exit 2).
 *
 * <p>Spring Shell's own parser looks a command up by its first word and knows nothing of the declaration: a bare flag
 * on a two-word command ({@code elect preferred --yes}) or {@code --help} there "requires a value", a negative value
 * ({@code --timeout -5s}) is taken for an option, single quotes are not understood. This one walks the line by the
 * command's {@code CommandSpec}: the longest run of leading words names the command, values are converted by kind,
 * repeatable options and exclusive groups are checked. {@link #parse(List)} gives the typed result the executor
 * runs; {@link #parse(String)} (Spring Shell's entry) and {@link ParsedCommand#input()} give Spring Shell's view of
 * the same parse.
 */
public final class CommandLineParser implements CommandParser {

    /** Options every command accepts (declared in the grammar). */
    public static final List<OptionSpec> COMMON_OPTIONS = CommandGrammar.COMMON_OPTIONS;

    private final KshellCommandRegistry registry;
    private final CommandGrammar<KshellCommand> grammar;

    public CommandLineParser(KshellCommandRegistry registry) {
        this.registry = registry;
        this.grammar = new CommandGrammar<>(() -> registry.commands().stream()
                .map(c -> new CommandGrammar.Entry<>(c.spec(), c)).toList());
    }

    /** A parser over a registry of these commands. */
    public static CommandLineParser forCommands(Collection<? extends KshellCommand> commands) {
        return new CommandLineParser(new KshellCommandRegistry(commands));
    }

    /** The Spring Shell registry whose commands this parser reads. */
    public KshellCommandRegistry registry() {
        return registry;
    }

    /** Every command, in the order registered. */
    public Collection<KshellCommand> commands() {
        return registry.commands();
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

    /** Spring Shell's entry: a line, split by the one tokenizer and parsed by the grammar, as Spring Shell sees it. */
    @Override
    public ParsedInput parse(String input) {
        return parse(tokenize(input)).input();
    }

    /** The words of a line (one-shot arguments arrive split: never joined and split again), parsed and converted. */
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

        /**
         * The same line as Spring Shell's {@link ParsedInput}: the command's own name in words (an alias typed is
         * its command's name here), each option value as typed, the positional words. With {@code --help} anywhere
         * on the line only that option is given, the way Spring Shell's {@code AbstractCommand} answers help.
         */
        public ParsedInput input() {
            List<String> words = List.of(command.getName().split(" "));
            ParsedInput.Builder input = ParsedInput.builder().commandName(words.get(0));
            words.subList(1, words.size()).forEach(input::addSubCommand);
            if (helpRequested()) {
                return input.addOption(KshellCommand.option(GlobalOptions.HELP.spec())).build();
            }
            List<OptionSpec> declared = command.spec().allOptions();
            options.forEach((name, given) -> {
                OptionSpec spec = CommandGrammar.lookup(declared, "--" + name);
                for (String value : given) {
                    CommandOption o = KshellCommand.option(spec);
                    input.addOption(CommandOption.with().longName(o.longName()).shortName(o.shortName())
                            .description(o.description()).required(o.required()).type(o.type()).value(value).build());
                }
            });
            for (int i = 0; i < arguments.size(); i++) {
                input.addArgument(new CommandArgument(i, arguments.get(i)));
            }
            return input.build();
        }
    }
}
