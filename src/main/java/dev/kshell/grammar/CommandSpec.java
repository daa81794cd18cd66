package dev.kshell.grammar;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * A command's declaration, the only source of what the command is: its names (a name may be several words, {@code
 * elect preferred}), group, description, options and positional arguments as typed keys ({@link Opt}, {@link Arg}),
 * "exactly one of" / "at most one of" groups, examples and {@link Trait}s. The parser, help and the synopsis
 * ({@link #usage()}, generated), completion in the shell and the generated completion scripts and man page, runbook
 * checks and the launcher all read it. Immutable: each method returns a new declaration.
 *
 * <pre>
 * super(CommandSpec.named("elect unclean").group(Group.ACTION).description("...")
 *         .options(DRY_RUN, KEEP_ORDER, YES).arguments(PARTITIONS)
 *         .traits(Trait.NEEDS_CONNECTION, Trait.MUTATING, Trait.DESTRUCTIVE).examples("elect unclean orders-0"));
 * </pre>
 */
public final class CommandSpec {

    /** An "exactly one of" ({@code required}) or "at most one of" group of options and positional arguments. */
    public record Exclusive(boolean required, List<OptionSpec> options, List<Positional> arguments) {

        /** The members as usage shows them, options first then arguments, in declaration order. */
        public List<String> shown() {
            List<String> out = new ArrayList<>();
            options.forEach(o -> out.add(o.usage()));
            arguments.forEach(a -> out.add(a.usage().replace("[", "").replace("]", "")));
            return out;
        }
    }

    private final List<String> names;
    private final Group group;
    private final String description;
    private final List<OptionSpec> options;
    private final List<Positional> arguments;
    private final Set<Trait> traits;
    private final List<Exclusive> exclusive;
    private final List<String> examples;
    /** Options that make a line of a read command mutate ({@code audit --fix}). */
    private final Set<String> mutatingOptions;

    private CommandSpec(List<String> names, Group group, String description, List<OptionSpec> options,
                        List<Positional> arguments, Set<Trait> traits, List<Exclusive> exclusive, List<String> examples) {
        this(names, group, description, options, arguments, traits, exclusive, examples, Set.of());
    }

    private CommandSpec(List<String> names, Group group, String description, List<OptionSpec> options,
                        List<Positional> arguments, Set<Trait> traits, List<Exclusive> exclusive, List<String> examples,
                        Set<String> mutatingOptions) {
        this.names = List.copyOf(names);
        this.group = group;
        this.description = description;
        this.options = List.copyOf(options);
        this.arguments = List.copyOf(arguments);
        this.traits = traits.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(traits));
        this.exclusive = List.copyOf(exclusive);
        this.examples = List.copyOf(examples);
        this.mutatingOptions = Set.copyOf(mutatingOptions);
    }

    /** A command answering to {@code name} (and {@code aliases}), in group HELP until {@link #group} says otherwise. */
    public static CommandSpec named(String name, String... aliases) {
        List<String> all = new ArrayList<>();
        all.add(name);
        all.addAll(Arrays.asList(aliases));
        return new CommandSpec(all, Group.HELP, "", List.of(), List.of(), Set.of(), List.of(), List.of());
    }

    public CommandSpec group(Group g) {
        return new CommandSpec(names, g, description, options, arguments, traits, exclusive, examples, mutatingOptions);
    }

    public CommandSpec description(String text) {
        return new CommandSpec(names, group, text, options, arguments, traits, exclusive, examples, mutatingOptions);
    }

    /** The command's own options (the common ones, {@link GlobalOptions#COMMON}, every command takes). */
    public CommandSpec options(Opt<?>... keys) {
        return options(Arrays.stream(keys).map(Opt::spec).toList());
    }

    /** As {@link #options(Opt[])}, for declarations held as a list ({@link GlobalOptions#CONNECTION}). */
    public CommandSpec options(List<OptionSpec> specs) {
        List<OptionSpec> all = new ArrayList<>(options);
        for (OptionSpec s : specs) {
            if (all.stream().anyMatch(o -> o.name().equals(s.name()))) {
                throw new IllegalArgumentException(name() + ": --" + s.name() + " declared twice");
            }
            all.add(s);
        }
        return new CommandSpec(names, group, description, all, arguments, traits, exclusive, examples, mutatingOptions);
    }

    /** The positional arguments, in order; only the last may repeat, and no optional one before a required one. */
    public CommandSpec arguments(Arg<?>... keys) {
        List<Positional> all = new ArrayList<>(arguments);
        Arrays.stream(keys).map(Arg::positional).forEach(all::add);
        for (int i = 0; i < all.size() - 1; i++) {
            if (all.get(i).arity().repeats() || !all.get(i).arity().required() && all.get(i + 1).arity().required()) {
                throw new IllegalArgumentException(name() + ": only the last positional argument may repeat, "
                        + "and an optional one cannot come before a required one");
            }
        }
        return new CommandSpec(names, group, description, options, all, traits, exclusive, examples, mutatingOptions);
    }

    /** As {@link #arguments(Arg[])}, for declarations held as positionals (tests, the runbook's directives). */
    CommandSpec arguments(List<Positional> positionals) {
        CommandSpec out = this;
        for (Positional p : positionals) {
            out = new CommandSpec(out.names, group, description, options, append(out.arguments, p), traits, exclusive,
                    examples, out.mutatingOptions);
        }
        return out;
    }

    private static List<Positional> append(List<Positional> list, Positional p) {
        List<Positional> all = new ArrayList<>(list);
        all.add(p);
        return all;
    }

    public CommandSpec traits(Trait... more) {
        EnumSet<Trait> all = traits.isEmpty() ? EnumSet.noneOf(Trait.class) : EnumSet.copyOf(traits);
        all.addAll(Arrays.asList(more));
        if (all.contains(Trait.WATCHABLE) && (all.contains(Trait.MUTATING) || all.contains(Trait.SHELL_ONLY))) {
            throw new IllegalArgumentException(name() + ": a watchable command neither mutates nor acts on the session");
        }
        return new CommandSpec(names, group, description, options, arguments, all, exclusive, examples, mutatingOptions);
    }

    /** Exactly one of these options / arguments must be given. */
    public CommandSpec exactlyOneOf(Object... members) {
        return exclusive(true, members);
    }

    /** At most one of these options / arguments may be given. */
    public CommandSpec atMostOneOf(Object... members) {
        return exclusive(false, members);
    }

    private CommandSpec exclusive(boolean required, Object... members) {
        List<OptionSpec> opts = new ArrayList<>();
        List<Positional> args = new ArrayList<>();
        for (Object m : members) {
            if (m instanceof Opt<?> o && options.contains(o.spec())) {
                opts.add(o.spec());
            } else if (m instanceof Arg<?> a && arguments.contains(a.positional())) {
                args.add(a.positional());
            } else {
                throw new IllegalArgumentException(name() + ": " + m + " is not declared (declare options and "
                        + "arguments before grouping them)");
            }
        }
        List<Exclusive> all = new ArrayList<>(exclusive);
        all.add(new Exclusive(required, opts, args));
        return new CommandSpec(names, group, description, options, arguments, traits, all, examples, mutatingOptions);
    }

    /**
     * The line mutates when one of these options is given ({@code audit --fix}): the command stays a read otherwise
     * (watchable, not audited), and a line with the option is treated as {@link Trait#MUTATING} is (audited when the
     * grammar refuses it, never watched, planned only under a runbook's --dry-run, the prompt's mark dropped).
     */
    public CommandSpec mutatingWith(Opt<?>... keys) {
        java.util.Set<String> all = new java.util.HashSet<>(mutatingOptions);
        for (Opt<?> k : keys) {
            if (options.stream().noneMatch(o -> o.name().equals(k.name()))) {
                throw new IllegalArgumentException(name() + ": --" + k.name() + " is not declared");
            }
            all.add(k.name());
        }
        return new CommandSpec(names, group, description, options, arguments, traits, exclusive, examples, all);
    }

    /** True when a line with these options (by name) changes something. */
    public boolean mutates(java.util.Collection<String> givenOptions) {
        return is(Trait.MUTATING) || givenOptions.stream().anyMatch(mutatingOptions::contains);
    }

    /** True when some line of this command changes something (it is MUTATING, or has an option that makes it so). */
    public boolean canMutate() {
        return is(Trait.MUTATING) || !mutatingOptions.isEmpty();
    }

    /** As {@link #mutates}, from the words of a line the grammar could not parse ({@code --fix}, {@code --fix=x}). */
    public boolean mutatesWords(List<String> words) {
        return is(Trait.MUTATING) || words.stream().anyMatch(w -> mutatingOptions.stream()
                .anyMatch(o -> w.equals("--" + o) || w.startsWith("--" + o + "=")));
    }

    public CommandSpec examples(String... lines) {
        List<String> all = new ArrayList<>(examples);
        all.addAll(Arrays.asList(lines));
        return new CommandSpec(names, group, description, options, arguments, traits, exclusive, all, mutatingOptions);
    }

    // ---- what the declaration says ----------------------------------------------------------------------------

    /** Every name the command answers to, its own first. */
    public List<String> names() {
        return names;
    }

    public String name() {
        return names.get(0);
    }

    /** The other names ({@code quit} for {@code exit}). */
    public List<String> aliases() {
        return names.subList(1, names.size());
    }

    public Group group() {
        return group;
    }

    public String description() {
        return description;
    }

    /** The command's own options, in declaration order (without the common ones). */
    public List<OptionSpec> options() {
        return options;
    }

    /** Its own options, then the common ones every command takes. */
    public List<OptionSpec> allOptions() {
        List<OptionSpec> all = new ArrayList<>(options);
        GlobalOptions.COMMON.stream().filter(c -> options.stream().noneMatch(o -> o.name().equals(c.name())))
                .forEach(all::add);
        return all;
    }

    /** The positional arguments in order (empty: the command takes none, and the parser says so). */
    public List<Positional> arguments() {
        return arguments;
    }

    public Set<Trait> traits() {
        return traits;
    }

    public boolean is(Trait trait) {
        return traits.contains(trait);
    }

    public boolean hidden() {
        return is(Trait.HIDDEN);
    }

    public List<Exclusive> exclusive() {
        return exclusive;
    }

    public List<String> examples() {
        return examples;
    }

    /** True when the command declares an option of this name (its own or a common one). */
    public boolean declares(String optionName) {
        return allOptions().stream().anyMatch(o -> o.name().equals(optionName));
    }

    /**
     * Everything from the first positional word on is an argument, dashes included, when the first argument takes the
     * rest of the line ({@code watch --interval 2s leaderless --topic orders}: {@code --topic} is leaderless's).
     */
    public boolean optionsEndAtFirstArgument() {
        return !arguments.isEmpty() && arguments.get(0).kind().endsOptions();
    }

    /** The positional argument that takes the word at {@code index} (0-based among positionals), or null. */
    public Positional argumentAt(int index) {
        if (arguments.isEmpty() || index < 0) {
            return null;
        }
        if (index < arguments.size()) {
            return arguments.get(index);
        }
        Positional last = arguments.get(arguments.size() - 1);
        return last.arity().repeats() ? last : null;
    }

    /** Where {@code positional}'s words start among the positional words (a repeating one takes all from there). */
    public int firstIndexOf(Positional positional) {
        return arguments.indexOf(positional);
    }

    /**
     * The synopsis, generated: {@code elect preferred (--all | --topic TOPIC | PARTITION...) [--dry-run] [--yes]}.
     * Groups first ({@code (a | b)}: exactly one; {@code [a | b]}: at most one), then the other arguments, then the
     * other options (required ones bare, repeatable ones with {@code ...}).
     */
    public String usage() {
        StringBuilder out = new StringBuilder(name());
        List<OptionSpec> grouped = new ArrayList<>();
        List<Positional> groupedArgs = new ArrayList<>();
        for (Exclusive e : exclusive) {
            String inner = String.join(" | ", e.shown());
            out.append(' ').append(e.required() ? "(" + inner + ")" : "[" + inner + "]");
            grouped.addAll(e.options());
            groupedArgs.addAll(e.arguments());
        }
        for (Positional p : arguments) {
            if (!groupedArgs.contains(p)) {
                out.append(' ').append(p.usage());
            }
        }
        for (OptionSpec o : options) {
            if (!grouped.contains(o)) {
                String shown = o.usage() + (o.repeatable() ? "..." : "");
                out.append(' ').append(o.required() ? shown : "[" + o.usage() + "]" + (o.repeatable() ? "..." : ""));
            }
        }
        return out.toString();
    }

    @Override
    public String toString() {
        return usage();
    }
}
