package dev.kshell.cli;

import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;
import org.springframework.shell.core.command.AbstractCommand;
import org.springframework.shell.core.command.CommandContext;
import org.springframework.shell.core.command.CommandOption;
import org.springframework.shell.core.command.ExitStatus;

import java.util.List;
import java.util.Objects;

/**
 * Base of every kshell command: a Spring Shell {@code Command} ({@link AbstractCommand}) whose name, group, aliases,
 * description, hidden flag, options and help are generated from its {@link CommandSpec}, declared once, in the
 * constructor. Nothing is written twice: the parser, help, completion, the completion scripts, the man page, runbooks
 * and watch read {@link #spec()}, and Spring Shell reads the same declaration through {@code getName()},
 * {@code getOptions()} and the rest.
 *
 * <p>Every command is made once, by the application's composition root ({@code app.Assembly}), held in a
 * {@link KshellCommandRegistry} and run by Spring Shell's {@code CommandExecutor} from {@link CommandLineExecutor}:
 * Spring Shell calls {@link #execute(CommandContext)}, which answers {@code --help} (with kshell's help) or calls
 * {@link #doExecute}, which hands this command the typed {@link Invocation} kshell's grammar made of the line. A
 * failure the command throws becomes Spring Shell's exit status through {@link ErrorMapper#EXIT_STATUS}.
 */
public abstract class KshellCommand extends AbstractCommand {

    private final CommandSpec spec;
    /** Spring Shell's view of the options, made on first request: nothing at start-up reads it. */
    private volatile List<CommandOption> options;

    protected KshellCommand(CommandSpec spec) {
        super(spec.name(), spec.description(), spec.group().title(), "", spec.hidden());
        this.spec = spec;
        setAliases(spec.aliases());
        setExitStatusExceptionMapper(ErrorMapper.EXIT_STATUS);
    }

    /** The declaration the grammar, help, completion, runbooks and watch read. */
    public CommandSpec spec() {
        return spec;
    }

    public boolean is(Trait trait) {
        return spec.is(trait);
    }

    /** The command itself, on the line kshell's grammar parsed and converted. */
    public abstract ExitCode execute(Invocation invocation) throws Exception;

    /**
     * Spring Shell's entry, reached through its {@code CommandExecutor} and {@code AbstractCommand.execute}: runs
     * {@link #execute(Invocation)} on the invocation the context carries. What it throws is kept for the error line
     * and {@code --stacktrace}, then Spring Shell maps it to the exit status.
     */
    @Override
    public final ExitStatus doExecute(CommandContext context) throws Exception {
        CommandInput input = CommandInput.of(context);
        try {
            return ErrorMapper.status(Objects.requireNonNull(execute(input.invocation()), "no exit code from " + this));
        } catch (Exception e) {
            input.failed(e);
            throw e;
        }
    }

    /** Spring Shell's option list: the command's own options, then the common ones, from the declaration. */
    @Override
    public List<CommandOption> getOptions() {
        List<CommandOption> made = options;
        if (made == null) {
            made = spec.allOptions().stream().map(KshellCommand::option).toList();
            options = made;
        }
        return made;
    }

    /** What {@code --help} shows, from the declaration (Spring Shell prints it with a line end of its own). */
    @Override
    public String getHelp() {
        String text = CommandHelp.forCommand(this);
        return text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
    }

    /** One declared option as Spring Shell describes it; the value is the word as typed (the grammar converts it). */
    static CommandOption option(OptionSpec o) {
        return CommandOption.with().longName(o.name()).shortName(o.shortName() == 0 ? ' ' : o.shortName())
                .description(o.description()).required(o.required())
                .type(o.takesValue() ? String.class : Boolean.class).build();
    }

    @Override
    public String toString() {
        return spec.name();
    }
}
