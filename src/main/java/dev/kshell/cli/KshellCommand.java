package dev.kshell.cli;

import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import org.springframework.shell.core.command.AbstractCommand;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.ExitStatus;

/**
 * Base of every kshell command: its {@link CommandSpec} (declared once, in the constructor) and {@link #execute}. A
 * command is a Spring Shell {@code Command} so that Spring Shell's registry collects it (its name, group and aliases
 * are copied from the declaration for that registry alone: help, completion and parsing read {@link #spec()}), but it
 * runs through kshell's own {@link CommandLineExecutor},
 * which fixes the 4.0.1 defects listed in docs/kafka-behaviour.md (quoting, bare flags on two-word commands, exit
 * codes).
 */
public abstract class KshellCommand extends AbstractCommand {

    private final CommandSpec spec;

    protected KshellCommand(CommandSpec spec) {
        super(spec.name(), spec.description(), spec.group().title(), "", spec.hidden());
        this.spec = spec;
        super.setAliases(spec.aliases()); // the registry finds a command by an alias too
    }

    /** The declaration the grammar, help, completion, runbooks and watch read. */
    public CommandSpec spec() {
        return spec;
    }

    public boolean is(Trait trait) {
        return spec.is(trait);
    }

    public abstract ExitCode execute(Invocation invocation) throws Exception;

    /**
     * Spring Shell's own entry point. kshell's runner never calls it: every line goes through
     * {@link CommandLineExecutor}, which fixes Spring Shell 4.0.1's quoting, bare-flag and exit-code defects
     * (docs/architecture.md). Kept only because {@link AbstractCommand} declares it.
     */
    @Override
    public ExitStatus doExecute(CommandContext context) {
        throw new UnsupportedOperationException(getName() + " runs through kshell's CommandLineExecutor");
    }
}
