package dev.kshell.grammar;

import java.time.Duration;
import java.util.List;
import java.util.function.Predicate;

/**
 * A typed option key: declared once by a command ({@code static final Opt<Duration> FOR = Opt.duration("for", ...)}),
 * listed in its {@link CommandSpec}, and read back as the converted value ({@code inv.get(FOR)}). The grammar has
 * converted and checked the value when it parsed the line, so a command never parses an option's text.
 *
 * @param <T> the value's type: Boolean for flags, Integer, Duration, String for names, files and choices
 */
public final class Opt<T> {

    private final OptionSpec spec;
    private final Class<T> type;
    private final T absent;

    private Opt(OptionSpec spec, Class<T> type, T absent) {
        this.spec = spec;
        this.type = type;
        this.absent = absent;
    }

    /** An option without a value; {@code inv.get(FLAG)} is false when it was not given. */
    public static Opt<Boolean> flag(String name, String description) {
        return new Opt<>(OptionSpec.of(name, ArgKind.FLAG, description), Boolean.class, false);
    }

    /** An option taking free text. */
    public static Opt<String> text(String name, String description) {
        return text(name, ArgKind.TEXT, description);
    }

    /**
     * An option taking a word of {@code kind} (a topic, a file, a profile ...): completion offers the kind's
     * candidates, the grammar checks names (topic names against Kafka's rule), the value stays the word.
     */
    public static Opt<String> text(String name, ArgKind kind, String description) {
        if (Values.typeOf(kind) != String.class || kind == ArgKind.CHOICE) {
            throw new IllegalArgumentException("--" + name + ": a " + kind + " value is not text; use the typed factory");
        }
        return new Opt<>(OptionSpec.of(name, kind, description), String.class, null);
    }

    /** An option taking a whole number. */
    public static Opt<Integer> integer(String name, String description) {
        return new Opt<>(OptionSpec.of(name, ArgKind.INTEGER, description), Integer.class, null);
    }

    /** An option taking a duration as operators type them: 500ms, 30s, 5m, 1m30s. */
    public static Opt<Duration> duration(String name, String description) {
        return new Opt<>(OptionSpec.of(name, ArgKind.DURATION, description), Duration.class, null);
    }

    /** An option taking one of {@code values}. */
    public static Opt<String> choice(String name, String description, String... values) {
        return new Opt<>(OptionSpec.choice(name, description, values), String.class, null);
    }

    /** The same option with a one-letter alias ({@code -o}). */
    public Opt<T> shortName(char letter) {
        return new Opt<>(spec.withShortName(letter), type, absent);
    }

    /** The same option, shown in usage with this value hint ({@code HOST:PORT,...}). */
    public Opt<T> hint(String valueHint) {
        return new Opt<>(spec.withHint(valueHint), type, absent);
    }

    /** The same option, given any number of times: read every value with {@code inv.all(KEY)}. */
    public Opt<T> repeatable() {
        return new Opt<>(spec.asRepeatable(), type, absent);
    }

    /** The same option, which the command cannot run without. */
    public Opt<T> required() {
        return new Opt<>(spec.asRequired(), type, absent);
    }

    /** The same option, read as {@code value} when it was not given. */
    public Opt<T> orElse(T value) {
        return new Opt<>(spec, type, value);
    }

    /**
     * The same option, with a rule its value must keep ({@code --count} at least 1): checked when the line is
     * parsed, {@code sentence} is the operator's error ("--count must be 1 or more").
     */
    public Opt<T> check(Predicate<T> rule, String sentence) {
        Values.Converter base = spec.converter();
        return new Opt<>(spec.withConverter((what, word) -> {
            T value = type.cast(base.convert(what, word));
            if (!rule.test(value)) {
                throw new IllegalArgumentException(sentence);
            }
            return value;
        }), type, absent);
    }

    public OptionSpec spec() {
        return spec;
    }

    public String name() {
        return spec.name();
    }

    /** What {@code inv.get} gives: the last value given, or this option's value when absent. */
    public T read(List<Object> given) {
        return given == null || given.isEmpty() ? absent : type.cast(given.get(given.size() - 1));
    }

    /** Every value given, in order. */
    public List<T> readAll(List<Object> given) {
        return given == null ? List.of() : given.stream().map(type::cast).toList();
    }

    @Override
    public String toString() {
        return "--" + spec.name();
    }
}
