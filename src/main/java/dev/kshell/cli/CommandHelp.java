package dev.kshell.cli;

import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Positional;
import dev.kshell.render.Table;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The text of {@code help} and {@code <command> --help}. */
public final class CommandHelp {

    private CommandHelp() {
    }

    /** Machine-readable help of one command (for --output json). */
    public record OptionHelp(String name, boolean flag, String description) {
    }

    public record Help(String name, String description, String usage, List<String> aliases, List<OptionHelp> options,
                       List<String> examples) {
    }

    public static Help describe(KshellCommand c) {
        return new Help(c.spec().name(), c.spec().description(), c.spec().usage(), c.spec().aliases(),
                c.spec().options().stream().map(o -> new OptionHelp(o.name(), !o.takesValue(), o.description())).toList(),
                c.spec().examples());
    }

    public static List<Help> catalogue(Collection<KshellCommand> commands) {
        return commands.stream().filter(c -> !c.spec().hidden()).sorted(Comparator.comparing(c -> c.spec().name()))
                .map(CommandHelp::describe).toList();
    }

    public static String forCommand(KshellCommand command) {
        StringBuilder out = new StringBuilder();
        out.append(command.spec().name()).append(" - ").append(command.spec().description()).append("\n\n");
        out.append("Usage: ").append(command.spec().usage()).append('\n');
        if (!command.spec().aliases().isEmpty()) {
            out.append("Aliases: ").append(String.join(", ", command.spec().aliases())).append('\n');
        }
        List<Positional> arguments = command.spec().arguments();
        if (!arguments.isEmpty()) {
            out.append("\nArguments:\n");
            for (Positional a : arguments) {
                out.append(String.format("  %-24s %s%n", a.usage(), a.description()));
            }
        }
        if (!command.spec().options().isEmpty()) {
            out.append("\nOptions:\n");
            for (OptionSpec o : command.spec().options()) {
                out.append(String.format("  %-24s %s%n", usage(o), o.description()));
            }
        }
        out.append("\nCommon options: ").append(String.join(", ", CommandGrammar.COMMON_OPTIONS.stream()
                .map(CommandHelp::usage).toList())).append('\n');
        if (!command.spec().examples().isEmpty()) {
            out.append("\nExamples:\n");
            command.spec().examples().forEach(e -> out.append("  ").append(e).append('\n'));
        }
        return out.toString();
    }

    /** {@code --name VALUE-HINT}, as help shows an option. */
    private static String usage(OptionSpec o) {
        return o.usage();
    }

    /**
     * The visible commands a group word names, by name: those whose name starts with the word ({@code sandbox},
     * {@code elect}), else those of the help group of that name ({@code state}, {@code session}); empty when neither.
     */
    public static List<KshellCommand> group(String word, Collection<KshellCommand> commands) {
        List<KshellCommand> visible = commands.stream().filter(c -> !c.spec().hidden())
                .sorted(Comparator.comparing(c -> c.spec().name())).toList();
        List<KshellCommand> byName = visible.stream().filter(c -> c.spec().name().startsWith(word + " ")).toList();
        return !byName.isEmpty() ? byName : visible.stream().filter(c -> c.spec().group().title().equalsIgnoreCase(word)).toList();
    }

    /** {@code help GROUP}: the group's commands with their one-line descriptions. */
    public static String forGroup(String word, List<KshellCommand> members) {
        Table table = Table.of("command", "description");
        members.forEach(c -> table.row("  " + c.spec().name(), c.spec().description()));
        String rendered = table.render(0, false);
        return word + " commands:\n" + rendered.substring(rendered.indexOf('\n') + 1)
                + "\nType 'help COMMAND' or 'COMMAND --help' for options and examples.\n";
    }

    public static String overview(Collection<KshellCommand> commands) {
        Map<String, List<KshellCommand>> byGroup = new TreeMap<>(commands.stream().filter(c -> !c.spec().hidden())
                .collect(Collectors.groupingBy(c -> c.spec().group().title())));
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, List<KshellCommand>> group : byGroup.entrySet()) {
            out.append(group.getKey()).append(":\n");
            Table table = Table.of("command", "description");
            group.getValue().stream().sorted(Comparator.comparing(c -> c.spec().name()))
                    .forEach(c -> table.row("  " + c.spec().name(), c.spec().description()));
            // Drop the header line: the group name already says what follows.
            String rendered = table.render(0, false);
            out.append(rendered.substring(rendered.indexOf('\n') + 1)).append('\n');
        }
        out.append("Type 'help COMMAND' or 'COMMAND --help' for options and examples.\n");
        return out.toString();
    }
}
