package dev.kshell.cli;

import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSyntax;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Positional;
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
    private List<OptionSpec> declaredOptions = List.of();
    private List<Positional> declaredArguments;

    protected KshellCommand(String name, String group, String description, String synopsis) {
        this(name, group, description, synopsis, false);
    }

    /** @param hidden true for plumbing (e.g. {@code __complete}): left out of help, completion and suggestions */
    protected KshellCommand(String name, String group, String description, String synopsis, boolean hidden) {
        super(name, description, group, "", hidden);
        this.synopsis = synopsis;
    }

    /**
     * Declares the command's own options (the common ones, --output etc., are added by the grammar). The one
     * declaration: Spring Shell's {@link #getOptions()} is derived from it.
     */
    protected final void options(OptionSpec... options) {
        declaredOptions = List.of(options);
        super.setOptions(declaredOptions.stream().map(KshellCommand::springOption).toList());
    }

    /** Declares the positional arguments, in order; only the last may repeat ({@link Positional#many()}). */
    protected final void arguments(Positional... arguments) {
        for (int i = 0; i < arguments.length - 1; i++) {
            if (arguments[i].arity().repeats() || !arguments[i].arity().required() && arguments[i + 1].arity().required()) {
                throw new IllegalArgumentException(getName() + ": only the last positional argument may repeat, "
                        + "and an optional one cannot come before a required one");
            }
        }
        declaredArguments = List.of(arguments);
    }

    /**
     * Spring Shell's way in (tests and stand-ins use it): options given as {@link CommandOption}s become
     * {@code FLAG} (Boolean) or {@code TEXT} declarations.
     */
    @Override
    public void setOptions(List<CommandOption> options) {
        declaredOptions = options.stream().map(o -> new OptionSpec(o.longName(),
                Character.isLetterOrDigit(o.shortName()) ? o.shortName() : (char) 0,
                o.type() == Boolean.class ? ArgKind.FLAG : ArgKind.TEXT, o.description(), List.of())).toList();
        super.setOptions(List.copyOf(options));
    }

    /** The declaration the grammar reads: names, own options, positional arguments. */
    public CommandSyntax syntax() {
        List<String> names = new ArrayList<>();
        names.add(getName());
        names.addAll(getAliases());
        return new CommandSyntax(names, synopsis, declaredOptions, declaredArguments, optionsEndAtFirstArgument(),
                isHidden());
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
        return declaredArguments != null && !declaredArguments.isEmpty() && declaredArguments.get(0).kind().endsOptions();
    }

    /** True when the command changes the cluster (guarded, audited, only planned under --dry-run). */
    public boolean mutating() {
        return false;
    }

    /** A flag option (no value). */
    public static OptionSpec flag(String name, String description) {
        return OptionSpec.of(name, ArgKind.FLAG, description);
    }

    /** An option taking free text. */
    public static OptionSpec option(String name, String description) {
        return OptionSpec.of(name, ArgKind.TEXT, description);
    }

    /** An option taking a value of {@code kind} (what completion offers, what the parser checks). */
    public static OptionSpec option(String name, ArgKind kind, String description) {
        return OptionSpec.of(name, kind, description);
    }

    /** An option taking one of {@code values}. */
    public static OptionSpec choice(String name, String description, String... values) {
        return OptionSpec.choice(name, description, values);
    }

    /** A positional argument taking exactly one word; {@code .optional()}, {@code .many()} change that. */
    public static Positional argument(String name, ArgKind kind, String description) {
        return Positional.of(name, kind, description);
    }

    /** Spring Shell's view of a declared option (its registry and help read these). */
    public static CommandOption springOption(OptionSpec o) {
        CommandOption.Builder b = CommandOption.with().longName(o.name()).description(o.description())
                .type(o.takesValue() ? String.class : Boolean.class);
        if (o.shortName() != 0) {
            b.shortName(o.shortName());
        }
        return b.build();
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
