package dev.kshell.cli;

import dev.kshell.render.Table;
import org.springframework.shell.core.command.CommandOption;

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
        return new Help(c.getName(), c.getDescription(), c.synopsis(), c.getAliases(),
                c.getOptions().stream().map(o -> new OptionHelp(o.longName(), o.type() == Boolean.class, o.description())).toList(),
                c.examples());
    }

    public static List<Help> catalogue(Collection<KshellCommand> commands) {
        return commands.stream().filter(c -> !c.isHidden()).sorted(Comparator.comparing(KshellCommand::getName))
                .map(CommandHelp::describe).toList();
    }

    public static String forCommand(KshellCommand command) {
        StringBuilder out = new StringBuilder();
        out.append(command.getName()).append(" - ").append(command.getDescription()).append("\n\n");
        out.append("Usage: ").append(command.synopsis()).append('\n');
        if (!command.getAliases().isEmpty()) {
            out.append("Aliases: ").append(String.join(", ", command.getAliases())).append('\n');
        }
        if (!command.getOptions().isEmpty()) {
            out.append("\nOptions:\n");
            for (CommandOption o : command.getOptions()) {
                out.append(String.format("  %-24s %s%n", "--" + o.longName() + (o.type() == Boolean.class ? "" : " VALUE"),
                        o.description()));
            }
        }
        out.append("\nCommon options: --output table|json, --no-color, --timeout DURATION, --stacktrace, --help\n");
        if (!command.examples().isEmpty()) {
            out.append("\nExamples:\n");
            command.examples().forEach(e -> out.append("  ").append(e).append('\n'));
        }
        return out.toString();
    }

    public static String overview(Collection<KshellCommand> commands) {
        Map<String, List<KshellCommand>> byGroup = new TreeMap<>(commands.stream().filter(c -> !c.isHidden())
                .collect(Collectors.groupingBy(KshellCommand::getGroup)));
        StringBuilder out = new StringBuilder();
        for (Map.Entry<String, List<KshellCommand>> group : byGroup.entrySet()) {
            out.append(group.getKey()).append(":\n");
            Table table = Table.of("command", "description");
            group.getValue().stream().sorted(Comparator.comparing(KshellCommand::getName))
                    .forEach(c -> table.row("  " + c.getName(), c.getDescription()));
            // Drop the header line: the group name already says what follows.
            String rendered = table.render(0, false);
            out.append(rendered.substring(rendered.indexOf('\n') + 1)).append('\n');
        }
        out.append("Type 'help COMMAND' or 'COMMAND --help' for options and examples.\n");
        return out.toString();
    }
}
