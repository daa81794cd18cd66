package dev.kshell.cli;

import org.springframework.shell.core.command.Command;
import org.springframework.shell.core.command.CommandRegistry;

import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * kshell's commands in a Spring Shell {@link CommandRegistry}, made by the composition root ({@code app.Assembly})
 * with no Spring context. Two things differ from the stock registry, each for a defect or a need:
 * <ul>
 *   <li>a hidden command can still be found by its name ({@link #getCommandByName}): the stock registry filters
 *   hidden commands out of every lookup, so Spring Shell's executor could never run {@code __complete} (the completion
 *   scripts call it) or {@code __manpage} (the release build does). Hidden means left out of help and completion;</li>
 *   <li>only {@link KshellCommand}s, each name and alias once, and in the order registered ({@link #commands()}):
 *   kshell's grammar, help, completion and man page read each command's declaration, which a plain {@link Command}
 *   does not have, and a second command under a taken name would be a command nobody can reach.</li>
 * </ul>
 */
public class KshellCommandRegistry extends CommandRegistry {

    /** The set the stock registry holds (the same object): kept in registration order. */
    private final Set<Command> registered;
    private volatile List<KshellCommand> commands = List.of();

    public KshellCommandRegistry(Collection<? extends KshellCommand> commands) {
        this(new LinkedHashSet<>(), commands);
    }

    private KshellCommandRegistry(LinkedHashSet<Command> registered, Collection<? extends KshellCommand> commands) {
        super(registered);
        this.registered = registered;
        commands.forEach(this::registerCommand);
    }

    /** Every command, in the order registered (hidden ones too). */
    public List<KshellCommand> commands() {
        return commands;
    }

    @Override
    public synchronized void registerCommand(Command command) {
        if (!(command instanceof KshellCommand added)) {
            throw new IllegalArgumentException(command.getName() + ": kshell runs only commands declared by a "
                    + "CommandSpec (a cli.KshellCommand)");
        }
        Set<String> taken = new HashSet<>();
        commands.forEach(c -> taken.addAll(c.spec().names()));
        for (String name : added.spec().names()) {
            if (!taken.add(name)) {
                throw new IllegalArgumentException("two commands answer to '" + name + "'");
            }
        }
        super.registerCommand(command);
        changed();
    }

    @Override
    public synchronized void unregisterCommand(Command command) {
        super.unregisterCommand(command);
        changed();
    }

    @Override
    public synchronized void clearCommands() {
        super.clearCommands();
        changed();
    }

    private void changed() {
        commands = registered.stream().map(KshellCommand.class::cast).toList();
    }

    /** The command with this name or alias, hidden or not (the stock lookup skips hidden commands). */
    @Override
    public Command getCommandByName(String name) {
        for (KshellCommand c : commands) {
            if (c.getName().equals(name)) {
                return c;
            }
        }
        return getCommandByAlias(name);
    }

    @Override
    public Command getCommandByAlias(String name) {
        for (KshellCommand c : commands) {
            if (c.getAliases().contains(name)) {
                return c;
            }
        }
        return null;
    }
}
