package dev.kshell.cli;

import dev.kshell.model.ExitCode;
import org.springframework.shell.core.command.AbstractCommand;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.CommandOption;
import org.springframework.shell.core.command.ExitStatus;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * Base of every kshell command. A command is a Spring Shell {@code Command} (so the registry, option metadata and
 * completion providers are Spring Shell's), but it runs through kshell's own {@link CommandLineExecutor}, which
 * fixes the 4.0.1 defects listed in docs/kafka-behaviour.md (quoting, bare flags on two-word commands, exit codes).
 */
public abstract class KshellCommand extends AbstractCommand {

    private final String synopsis;
    private final List<String> examples = new ArrayList<>();

    protected KshellCommand(String name, String group, String description, String synopsis) {
        this(name, group, description, synopsis, false);
    }

    /** @param hidden true for plumbing (e.g. {@code __complete}): left out of help, completion and suggestions */
    protected KshellCommand(String name, String group, String description, String synopsis, boolean hidden) {
        super(name, description, group, "", hidden);
        this.synopsis = synopsis;
    }

    /** Declares the command's own options (the common ones, --output etc., are added by the parser). */
    protected final void options(CommandOption... options) {
        setOptions(List.of(options));
    }

    protected final void examples(String... lines) {
        examples.addAll(List.of(lines));
    }

    public String synopsis() {
        return synopsis;
    }

    public List<String> examples() {
        return List.copyOf(examples);
    }

    /** True when the command reads or changes a cluster, so it needs a connection. */
    public boolean needsConnection() {
        return false;
    }

    /**
     * True when the first positional argument ends the command's own options: everything after it is an argument,
     * dashes included ({@code watch --interval 2s leaderless --topic orders}: {@code --topic} is leaderless's).
     */
    public boolean optionsEndAtFirstArgument() {
        return false;
    }

    /** True when the command changes the cluster (guarded, audited, only planned under --dry-run). */
    public boolean mutating() {
        return false;
    }

    /** A flag option (no value). */
    protected static CommandOption flag(String name, String description) {
        return CommandOption.with().longName(name).description(description).type(Boolean.class).build();
    }

    /** An option taking a value. */
    protected static CommandOption option(String name, String description) {
        return CommandOption.with().longName(name).description(description).type(String.class).build();
    }

    public abstract ExitCode run(Invocation invocation) throws Exception;

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
