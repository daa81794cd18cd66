package dev.kshell.grammar;

import dev.kshell.model.PartitionSpec;

import java.util.List;

/**
 * A typed positional argument key: declared once by a command, listed in its {@link CommandSpec}, read back as the
 * converted value ({@code inv.get(NODE)}). A repeating argument reads as a list (empty when left out); an optional
 * single one as null when left out.
 *
 * @param <T> the value's type: String, Integer (node ids), or a List of those, or of {@link PartitionSpec}
 */
public final class Arg<T> {

    private final Positional positional;

    private Arg(Positional positional) {
        this.positional = positional;
    }

    /** Exactly one word of {@code kind}, as typed. */
    public static Arg<String> of(String name, ArgKind kind, String description) {
        if (Values.typeOf(kind) != String.class || kind == ArgKind.CHOICE) {
            throw new IllegalArgumentException(name + ": a " + kind + " value is not text; use the typed factory");
        }
        return new Arg<>(Positional.of(name, kind, description));
    }

    /** Exactly one node id (broker or controller) of {@code kind}, as a number. */
    public static Arg<Integer> nodeId(String name, ArgKind kind, String description) {
        if (Values.typeOf(kind) != Integer.class) {
            throw new IllegalArgumentException(name + ": " + kind + " is not a number");
        }
        return new Arg<>(Positional.of(name, kind, description));
    }

    /** One or more node ids of {@code kind}, as numbers ({@code .optional()}: zero or more). */
    public static Arg<List<Integer>> nodeIds(String name, ArgKind kind, String description) {
        if (Values.typeOf(kind) != Integer.class) {
            throw new IllegalArgumentException(name + ": " + kind + " is not a number");
        }
        return new Arg<>(Positional.of(name, kind, description).many());
    }

    /** One of {@code values}. */
    public static Arg<String> choice(String name, String description, String... values) {
        return new Arg<>(Positional.choice(name, description, values));
    }

    /** One or more words of {@code kind}, as typed ({@code .optional()}: zero or more). */
    public static Arg<List<String>> many(String name, ArgKind kind, String description) {
        if (Values.typeOf(kind) != String.class) {
            throw new IllegalArgumentException(name + ": a " + kind + " value is not text");
        }
        return new Arg<>(Positional.of(name, kind, description).many());
    }

    /** The rest of the line, dashes included (a command line for {@code watch}, the launcher's one-shot command). */
    public static Arg<List<String>> rest(String name, ArgKind kind, String description) {
        if (!kind.endsOptions()) {
            throw new IllegalArgumentException(name + ": " + kind + " does not end the options");
        }
        return new Arg<>(Positional.of(name, kind, description));
    }

    /** One or more partitions ({@code topic-3}, {@code topic:3}) of {@code kind}, as {@link PartitionSpec}s. */
    public static Arg<List<PartitionSpec>> partitions(String name, ArgKind kind, String description) {
        if (!CommandGrammar.isPartitionKind(kind)) {
            throw new IllegalArgumentException(name + ": " + kind + " is not a partition kind");
        }
        return new Arg<>(Positional.of(name, kind, description).many().withConverter(Values.Converter.PARTITION));
    }

    /** The same argument, which may be left out (then null, or an empty list). */
    public Arg<T> optional() {
        return new Arg<>(positional.optional());
    }

    /** The same argument, with the parser's sentence for when it is missing. */
    public Arg<T> whenMissing(String sentence) {
        return new Arg<>(positional.whenMissing(sentence));
    }

    public Positional positional() {
        return positional;
    }

    public String name() {
        return positional.name();
    }

    /** What {@code inv.get} gives, from the converted words this argument took. */
    @SuppressWarnings("unchecked")
    public T read(List<Object> words) {
        if (positional.arity().repeats()) {
            return (T) (words == null ? List.of() : List.copyOf(words));
        }
        return words == null || words.isEmpty() ? null : (T) words.get(0);
    }

    @Override
    public String toString() {
        return positional.usage();
    }
}
