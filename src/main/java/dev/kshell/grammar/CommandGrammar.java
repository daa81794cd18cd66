package dev.kshell.grammar;

import dev.kshell.util.Suggest;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The one command grammar: finds the command a line names (the longest run of leading words that names one, so
 * two-word commands take bare flags like any other) and walks its options and positional arguments by the
 * command's declaration. The parser ({@link #parse}) and the completer (which asks {@link #walk} where the word
 * being typed stands) share this walk, so a word means the same thing to both.
 *
 * @param <C> what the caller attaches to each declaration (the shell's command object)
 */
public final class CommandGrammar<C> {

    /** Options every command accepts. */
    public static final List<OptionSpec> COMMON_OPTIONS = GlobalOptions.COMMON;

    /** A declared command as the grammar holds it: its declaration and the caller's object for it. */
    public record Entry<C>(CommandSpec spec, C command) {
    }

    /** The command a line names and how many of its leading words the name took. */
    public record Match<C>(Entry<C> entry, int nameLength) {
        public CommandSpec spec() {
            return entry.spec();
        }
    }

    /**
     * A parsed line: the command, its options (by long name, every value given, as typed) and positional words,
     * and the same converted: {@code values} per option name, {@code argumentValues} per positional name.
     */
    public record ParsedLine<C>(Match<C> match, Map<String, List<String>> options, List<String> arguments,
                            Map<String, List<Object>> values, Map<String, List<Object>> argumentValues) {
    }

    /**
     * What the words after a command's name mean, as far as they go.
     *
     * @param options       values given per option (long name); a flag's value is "true" unless given inline
     * @param arguments     the positional words, in order
     * @param awaitingValue the option the last word names, when its value is still to come (else null)
     * @param optionsEnded  true after {@code --} or once a rest-of-line argument ({@link ArgKind#endsOptions}) began
     * @param problem       the first word that breaks the declaration (unknown option), or null
     */
    public record Walk(Map<String, List<String>> options, List<String> arguments, OptionSpec awaitingValue,
                       boolean optionsEnded, String problem) {
    }

    private final Supplier<? extends Collection<Entry<C>>> entries;

    public CommandGrammar(Supplier<? extends Collection<Entry<C>>> entries) {
        this.entries = entries;
    }

    public Collection<Entry<C>> entries() {
        return entries.get();
    }

    /** The command named by the longest run of leading words, if any (hidden commands too). */
    public Optional<Match<C>> find(List<String> words) {
        Entry<C> best = null;
        int bestLength = 0;
        for (Entry<C> entry : entries.get()) {
            for (String name : entry.spec().names()) {
                List<String> parts = List.of(name.split(" "));
                if (parts.size() > bestLength && parts.size() <= words.size() && parts.equals(words.subList(0, parts.size()))) {
                    best = entry;
                    bestLength = parts.size();
                }
            }
        }
        return best == null ? Optional.empty() : Optional.of(new Match<>(best, bestLength));
    }

    /** The options a command accepts: its own, then the common ones. */
    public static List<OptionSpec> allOptions(CommandSpec spec) {
        return spec.allOptions();
    }

    /**
     * Parses a whole line's words: the command, its options and arguments checked against the declaration (unknown
     * options, missing values, choices, topic names, argument counts, exclusive groups, required options) and every
     * value converted by its kind. Every usage problem is a {@link GrammarException} with one line.
     */
    public ParsedLine<C> parse(List<String> tokens) {
        if (tokens.isEmpty()) {
            throw new GrammarException("empty command line");
        }
        Match<C> match = find(tokens).orElseThrow(() -> unknownCommand(tokens));
        CommandSpec spec = match.spec();
        List<OptionSpec> allowed = spec.allOptions();
        Walk walk = walk(spec, allowed, tokens.subList(match.nameLength(), tokens.size()));
        String name = spec.name();
        if (walk.problem() != null) {
            String bare = walk.problem().replaceFirst("^-+", "");
            String hint = Suggest.closest(bare, allowed.stream().map(OptionSpec::name).toList())
                    .map(s -> " (did you mean --" + s + "?)").orElse("");
            throw new GrammarException(name + ": unknown option " + shown(walk.problem()) + hint + "; see '" + name
                    + " --help'");
        }
        if (walk.awaitingValue() != null) {
            throw new GrammarException(name + ": option --" + walk.awaitingValue().name() + " needs a value");
        }
        for (OptionSpec option : allowed) {
            for (String value : walk.options().getOrDefault(option.name(), List.of())) {
                checkChoice("--" + option.name(), option.choices(), value);
            }
        }
        boolean help = walk.options().containsKey("help");
        Map<String, List<Object>> values = new LinkedHashMap<>();
        Map<String, List<Object>> argumentValues = new LinkedHashMap<>();
        if (!help) {
            checkArguments(spec, walk.arguments());
            checkTopicNames(spec, walk);
            checkGroups(spec, walk);
            values = convertOptions(allowed, walk);
            argumentValues = convertArguments(spec, walk.arguments());
        }
        return new ParsedLine<>(match, walk.options(), walk.arguments(), values, argumentValues);
    }

    /** Every option value as its kind (or the option's own rule) makes it: a bad value is a usage error. */
    public static Map<String, List<Object>> convertOptions(List<OptionSpec> allowed, Walk walk) {
        Map<String, List<Object>> values = new LinkedHashMap<>();
        for (OptionSpec option : allowed) {
            for (String value : walk.options().getOrDefault(option.name(), List.of())) {
                try {
                    values.computeIfAbsent(option.name(), k -> new ArrayList<>())
                            .add(option.converter().convert("--" + option.name(), value));
                } catch (IllegalArgumentException e) {
                    throw new GrammarException(e.getMessage());
                }
            }
        }
        return values;
    }

    private static Map<String, List<Object>> convertArguments(CommandSpec spec, List<String> words) {
        Map<String, List<Object>> values = new LinkedHashMap<>();
        for (int i = 0; i < words.size(); i++) {
            Positional p = spec.argumentAt(i);
            if (p == null) {
                continue;
            }
            try {
                values.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(p.converter().convert(p.name(), words.get(i)));
            } catch (IllegalArgumentException e) {
                throw new GrammarException(spec.name() + ": " + e.getMessage());
            }
        }
        return values;
    }

    /** Exactly-one / at-most-one groups, and required options. */
    private static void checkGroups(CommandSpec spec, Walk walk) {
        for (CommandSpec.Exclusive group : spec.exclusive()) {
            int given = 0;
            for (OptionSpec o : group.options()) {
                given += walk.options().containsKey(o.name()) ? 1 : 0;
            }
            for (Positional p : group.arguments()) {
                int at = spec.firstIndexOf(p);
                given += at >= 0 && walk.arguments().size() > at ? 1 : 0;
            }
            List<String> shown = group.shown();
            String list = shown.size() == 2 ? shown.get(0) + " or " + shown.get(1)
                    : String.join(", ", shown.subList(0, shown.size() - 1)) + " or " + shown.get(shown.size() - 1);
            if (group.required() && given != 1) {
                throw new GrammarException(spec.name() + ": give exactly one of " + list + " (usage: " + spec.usage() + ")");
            }
            if (!group.required() && given > 1) {
                List<String> named = new ArrayList<>(group.options().stream().map(o -> "--" + o.name()).toList());
                group.arguments().forEach(p -> named.add(p.usage()));
                throw new GrammarException(named.size() == 2 ? "use " + named.get(0) + " or " + named.get(1) + ", not both"
                        : spec.name() + ": give at most one of " + list);
            }
        }
        for (OptionSpec o : spec.options()) {
            if (o.required() && !walk.options().containsKey(o.name())) {
                throw new GrammarException(spec.name() + ": " + o.usage() + " is required (usage: " + spec.usage() + ")");
            }
        }
    }

    /** Walks the words after a command's name by its declaration; never throws (completion reads partial lines). */
    public static Walk walk(CommandSpec syntax, List<OptionSpec> allowed, List<String> words) {
        Map<String, List<String>> options = new LinkedHashMap<>();
        List<String> arguments = new ArrayList<>();
        boolean onlyArguments = false;
        String problem = null;
        for (int i = 0; i < words.size(); i++) {
            String token = words.get(i);
            if (onlyArguments || isArgument(token)) {
                Positional positional = syntax.argumentAt(arguments.size());
                onlyArguments |= syntax.optionsEndAtFirstArgument() || positional != null && positional.kind().endsOptions();
                arguments.add(token);
                continue;
            }
            if (token.equals("--")) {
                onlyArguments = true;
                continue;
            }
            String name = token;
            String inline = null;
            int eq = token.indexOf('=');
            if (token.startsWith("--") && eq > 0) {
                name = token.substring(0, eq);
                inline = token.substring(eq + 1);
            }
            OptionSpec option = lookup(allowed, name);
            if (option == null) {
                problem = problem == null ? token : problem;
                continue;
            }
            String value;
            if (!option.takesValue()) {
                value = inline == null ? "true" : inline;
            } else if (inline != null) {
                value = inline;
            } else if (i + 1 < words.size() && !namesAnOption(allowed, words.get(i + 1))) {
                value = words.get(++i);
            } else {
                return new Walk(options, arguments, option, onlyArguments, problem);
            }
            options.computeIfAbsent(option.name(), k -> new ArrayList<>()).add(value);
        }
        return new Walk(options, arguments, null, onlyArguments, problem);
    }

    /** {@code --topic --output json}: a known option is never taken as the value of the one before it. */
    private static boolean namesAnOption(List<OptionSpec> allowed, String token) {
        int eq = token.indexOf('=');
        return token.startsWith("--") && lookup(allowed, eq > 0 ? token.substring(0, eq) : token) != null;
    }

    /** A word that is not an option: plain words, a lone dash, negative numbers. */
    public static boolean isArgument(String token) {
        return !token.startsWith("-") || token.equals("-") || token.matches("-\\d.*");
    }

    /** The option {@code token} names ({@code --name} or {@code -c}, without {@code =value}), or null. */
    public static OptionSpec lookup(List<OptionSpec> allowed, String token) {
        for (OptionSpec option : allowed) {
            if (option.isNamedBy(token)) {
                return option;
            }
        }
        return null;
    }

    /** The one check of a choice's value, for options, arguments and the launcher alike. */
    public static void checkChoice(String what, List<String> choices, String value) {
        if (!choices.isEmpty() && !choices.contains(value)) {
            String list = choices.size() == 1 ? choices.get(0)
                    : String.join(", ", choices.subList(0, choices.size() - 1)) + " or " + choices.get(choices.size() - 1);
            throw new GrammarException(what + " takes " + list + ", not '" + value + "'");
        }
    }

    /**
     * Too many positional words is always an error; a missing one only when the command says so by declaring it
     * required (a command may accept an option instead, as {@code sandbox scenario --list} does).
     */
    private static void checkArguments(CommandSpec syntax, List<String> arguments) {
        List<Positional> declared = syntax.arguments();
        String usage = " (usage: " + syntax.usage() + ")";
        if (syntax.argumentAt(arguments.size() - 1) == null && !arguments.isEmpty()) {
            if (declared.size() == 1 && declared.get(0).arity() == Positional.Arity.ONE) {
                throw new GrammarException(syntax.name() + ": expected one " + declared.get(0).name() + ", got "
                        + arguments.size() + ": " + String.join(" ", arguments));
            }
            throw new GrammarException(syntax.name() + ": unexpected argument '" + arguments.get(declared.size()) + "'" + usage);
        }
        for (int i = arguments.size(); i < declared.size(); i++) {
            Positional missing = declared.get(i);
            if (missing.arity().required() && !inRequiredGroup(syntax, missing)) {
                throw new GrammarException(syntax.name() + ": " + (missing.whenMissing() != null ? missing.whenMissing()
                        : "missing " + missing.name()) + usage);
            }
        }
        for (int i = 0; i < arguments.size(); i++) {
            Positional p = syntax.argumentAt(i);
            if (p.kind() == ArgKind.CHOICE) {
                checkChoice(syntax.name() + ": " + p.name(), p.choices(), arguments.get(i));
            }
        }
    }

    /** A required argument inside an "exactly one of" group is required only as the group's choice. */
    private static boolean inRequiredGroup(CommandSpec spec, Positional p) {
        return spec.exclusive().stream().anyMatch(g -> g.arguments().contains(p));
    }

    /**
     * Every topic or partition a line names, option or argument, against Kafka's rule for topic names: a bad name is
     * the operator's input error, said in one line before any cluster call (Kafka would answer with its own raw
     * text). An option value of a topic kind may list topics separated by commas ({@code sandbox load --topic a,b}):
     * a comma can never be part of a topic name, so each piece is checked.
     */
    private static void checkTopicNames(CommandSpec syntax, Walk walk) {
        for (OptionSpec option : syntax.options()) {
            for (String value : walk.options().getOrDefault(option.name(), List.of())) {
                if (isTopicKind(option.kind())) {
                    for (String piece : value.split(",", -1)) {
                        if (!piece.isBlank() || !value.contains(",")) {
                            rejectTopic(syntax.name() + ": --" + option.name() + " ", piece.strip(), false);
                        }
                    }
                } else if (isPartitionKind(option.kind())) {
                    rejectTopic(syntax.name() + ": --" + option.name() + " ", value, true);
                }
            }
        }
        for (int i = 0; i < walk.arguments().size(); i++) {
            Positional p = syntax.argumentAt(i);
            if (p == null) {
                continue;
            }
            if (isTopicKind(p.kind())) {
                rejectTopic(syntax.name() + ": ", walk.arguments().get(i), false);
            } else if (isPartitionKind(p.kind())) {
                rejectTopic(syntax.name() + ": ", walk.arguments().get(i), true);
            }
        }
    }

    private static void rejectTopic(String prefix, String value, boolean partition) {
        Optional<String> problem = partition ? TopicNames.partitionProblem(value) : TopicNames.problem(value);
        if (problem.isPresent()) {
            throw new GrammarException(prefix + "'" + TopicNames.shown(value) + "' is not a valid "
                    + (partition ? "partition" : "topic name") + ": " + problem.get());
        }
    }

    public static boolean isTopicKind(ArgKind kind) {
        return kind == ArgKind.TOPIC || kind == ArgKind.UNCLEAN_TOPIC || kind == ArgKind.OFF_PREFERRED_TOPIC;
    }

    public static boolean isPartitionKind(ArgKind kind) {
        return kind == ArgKind.PARTITION || kind == ArgKind.UNCLEAN_PARTITION || kind == ArgKind.OFF_PREFERRED_PARTITION
                || kind == ArgKind.REORDERED_PARTITION;
    }

    /** Words longer than this are shortened in messages: a pasted line is not echoed back whole. */
    static final int LONGEST_SHOWN = 100;

    /** {@code word} as a message quotes it: whole, or its start and its length when it is longer than a name can be. */
    static String shown(String word) {
        if (word.length() <= LONGEST_SHOWN) {
            return word;
        }
        int cut = Character.isHighSurrogate(word.charAt(59)) ? 59 : 60;
        return word.substring(0, cut) + String.format("... (%,d characters)", word.length());
    }

    private GrammarException unknownCommand(List<String> tokens) {
        List<String> names = entries.get().stream().filter(e -> !e.spec().hidden()).flatMap(e -> e.spec().names().stream()).toList();
        String typed = tokens.get(0);
        if (typed.length() > LONGEST_SHOWN) {
            // a pasted line: no name is near it (util.Suggest), and the message does not echo it whole
            return new GrammarException("unknown command '" + shown(typed) + "'; type 'help' for the list");
        }
        List<String> subs = names.stream().filter(n -> n.startsWith(typed + " ")).sorted().toList();
        if (!subs.isEmpty() && tokens.size() == 1) {
            return new GrammarException("'" + typed + "' needs a sub-command: " + String.join(", ", subs));
        }
        if (!subs.isEmpty()) {
            // A group word with an unknown sub-command: the unknown thing is the two words as typed
            // ("sandbox kil-broker"), and the nearest is one of that group's commands.
            String typedTwo = typed + " " + tokens.get(1);
            return new GrammarException("unknown command '" + shown(typedTwo) + "'" + Suggest.closest(typedTwo, subs)
                    .map(h -> " (did you mean '" + h + "'?)").orElse("; try one of: " + String.join(", ", subs))
                    + "; type 'help " + typed + "' for the list");
        }
        return new GrammarException("unknown command '" + typed + "'" + Suggest.closest(typed, names)
                .map(h -> " (did you mean '" + h + "'?)").orElse("") + "; type 'help' for the list");
    }
}
