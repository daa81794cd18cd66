package dev.kshell.cli;

import org.jline.reader.EOFError;
import org.jline.reader.Parser;
import org.jline.reader.impl.DefaultParser;
import org.springframework.shell.core.command.CommandOption;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Turns a command line into a command and its options. One parser for the REPL, one-shot mode and runbooks.
 * Quoting is JLine's (the same rules the line editor uses); the command is found by the longest run of leading
 * words that names one, so two-word commands ({@code elect preferred}) take bare flags like any other.
 */
public final class CommandLineParser {

    /** Options every command accepts. */
    public static final List<CommandOption> COMMON_OPTIONS = List.of(
            CommandOption.with().longName("output").shortName('o').description("table (default) or json").type(String.class).build(),
            CommandOption.with().longName("no-color").description("no ANSI colours").type(Boolean.class).build(),
            CommandOption.with().longName("timeout").description("deadline of each cluster call, e.g. 10s").type(String.class).build(),
            CommandOption.with().longName("stacktrace").description("print the stack trace of an unexpected failure").type(Boolean.class).build(),
            CommandOption.with().longName("help").shortName('h').description("show this command's help").type(Boolean.class).build());

    private final Supplier<? extends Collection<KshellCommand>> commands;

    public CommandLineParser(Supplier<? extends Collection<KshellCommand>> commands) {
        this.commands = commands;
    }

    public static CommandLineParser forCommands(Collection<KshellCommand> commands) {
        List<KshellCommand> copy = List.copyOf(commands);
        return new CommandLineParser(() -> copy);
    }

    public Collection<KshellCommand> commands() {
        return commands.get();
    }

    /** Splits a line into words, honouring quotes and escapes; an unclosed quote is a usage error. */
    public static List<String> tokenize(String line) {
        DefaultParser parser = new DefaultParser();
        parser.setEofOnUnclosedQuote(true);
        parser.setEofOnEscapedNewLine(false);
        try {
            return parser.parse(line, line.length(), Parser.ParseContext.ACCEPT_LINE).words().stream()
                    .filter(w -> !w.isEmpty()).toList();
        } catch (EOFError e) {
            throw new UsageException("unbalanced quote in: " + line.strip());
        }
    }

    /** The command named by the longest run of leading words, if any. */
    public Optional<KshellCommand> find(List<String> words) {
        KshellCommand best = null;
        int bestLength = 0;
        for (KshellCommand command : commands.get()) {
            for (String name : names(command)) {
                String[] parts = name.split(" ");
                if (parts.length > bestLength && parts.length <= words.size()
                        && List.of(parts).equals(words.subList(0, parts.length))) {
                    best = command;
                    bestLength = parts.length;
                }
            }
        }
        return Optional.ofNullable(best);
    }

    static List<String> names(KshellCommand command) {
        List<String> names = new ArrayList<>();
        names.add(command.getName());
        names.addAll(command.getAliases());
        return names;
    }

    public ParsedCommand parse(List<String> tokens) {
        if (tokens.isEmpty()) {
            throw new UsageException("empty command line");
        }
        KshellCommand command = find(tokens).orElseThrow(() -> unknownCommand(tokens));
        int nameLength = nameLength(command, tokens);
        List<CommandOption> allowed = new ArrayList<>(command.getOptions());
        allowed.addAll(COMMON_OPTIONS);
        Map<String, List<String>> options = new LinkedHashMap<>();
        List<String> arguments = new ArrayList<>();
        boolean onlyArguments = false;
        for (int i = nameLength; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (onlyArguments || !token.startsWith("-") || token.equals("-") || token.matches("-\\d.*")) {
                arguments.add(token);
                onlyArguments |= command.optionsEndAtFirstArgument();
                continue;
            }
            if (token.equals("--")) {
                onlyArguments = true;
                continue;
            }
            String name = token;
            String inlineValue = null;
            int eq = token.indexOf('=');
            if (token.startsWith("--") && eq > 0) {
                name = token.substring(0, eq);
                inlineValue = token.substring(eq + 1);
            }
            CommandOption option = lookup(allowed, name, command);
            String value;
            if (option.type() == Boolean.class) {
                value = inlineValue == null ? "true" : inlineValue;
            } else if (inlineValue != null) {
                value = inlineValue;
            } else if (i + 1 < tokens.size()) {
                value = tokens.get(++i);
            } else {
                throw new UsageException(command.getName() + ": option --" + option.longName() + " needs a value");
            }
            options.computeIfAbsent(option.longName(), k -> new ArrayList<>()).add(value);
        }
        return new ParsedCommand(command, options, arguments);
    }

    private static int nameLength(KshellCommand command, List<String> tokens) {
        return names(command).stream().mapToInt(n -> n.split(" ").length)
                .filter(n -> n <= tokens.size())
                .max().orElse(1);
    }

    private static CommandOption lookup(List<CommandOption> allowed, String token, KshellCommand command) {
        for (CommandOption option : allowed) {
            if (option.isOptionEqual(token)) {
                return option;
            }
        }
        String bare = token.replaceFirst("^-+", "");
        String hint = dev.kshell.util.Suggest.closest(bare, allowed.stream().map(CommandOption::longName).toList())
                .map(s -> " (did you mean --" + s + "?)").orElse("");
        throw new UsageException(command.getName() + ": unknown option " + token + hint
                + "; see '" + command.getName() + " --help'");
    }

    private UsageException unknownCommand(List<String> tokens) {
        List<String> names = commands.get().stream().filter(c -> !c.isHidden()).flatMap(c -> names(c).stream()).toList();
        String typed = tokens.get(0);
        List<String> subs = names.stream().filter(n -> n.startsWith(typed + " ")).sorted().toList();
        if (!subs.isEmpty() && tokens.size() == 1) {
            return new UsageException("'" + typed + "' needs a sub-command: " + String.join(", ", subs));
        }
        // Two-word commands: "elect prefered" should suggest "elect preferred".
        String typedTwo = tokens.size() > 1 ? typed + " " + tokens.get(1) : typed;
        Optional<String> hint = !subs.isEmpty()
                ? dev.kshell.util.Suggest.closest(typedTwo, names)
                : dev.kshell.util.Suggest.closest(typed, names);
        if (!subs.isEmpty() && hint.isEmpty()) {
            return new UsageException("'" + typedTwo + "' is not a command; try one of: " + String.join(", ", subs));
        }
        return new UsageException("unknown command '" + typed + "'" + hint.map(h -> " (did you mean '" + h + "'?)").orElse("")
                + "; type 'help' for the list");
    }

    /** A command with its options (by long name, every value given) and positional arguments. */
    public record ParsedCommand(KshellCommand command, Map<String, List<String>> options, List<String> arguments) {

        public Invocation toInvocation(String line, Output output, Prompter prompter, ExecutionMode run) {
            return new Invocation(line, command, options, arguments, output, prompter, run);
        }

        public boolean helpRequested() {
            return options.containsKey("help");
        }
    }
}
