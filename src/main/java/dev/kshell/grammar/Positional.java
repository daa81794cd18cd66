package dev.kshell.grammar;

import java.util.List;
import java.util.Locale;

/**
 * One declared positional argument: its name (as usage shows it), kind and how many words it takes. Commands
 * declare them as typed keys ({@link Arg}); this is what the grammar, help and completion read.
 *
 * @param choices     the accepted values of a {@link ArgKind#CHOICE} argument (empty for other kinds)
 * @param whenMissing what the parser says when a required argument is missing, or null for "missing NAME"
 * @param converter   turns each word into the value commands read
 */
public record Positional(String name, ArgKind kind, Arity arity, String description, List<String> choices,
                         String whenMissing, Values.Converter converter) {

    /** How many words a positional argument takes. */
    public enum Arity {
        ONE, OPTIONAL, ONE_OR_MORE, ZERO_OR_MORE;

        public boolean required() {
            return this == ONE || this == ONE_OR_MORE;
        }

        public boolean repeats() {
            return this == ONE_OR_MORE || this == ZERO_OR_MORE;
        }
    }

    public Positional {
        if (kind == ArgKind.FLAG) {
            throw new IllegalArgumentException(name + ": a positional argument cannot be a flag");
        }
        choices = List.copyOf(choices);
        if ((kind == ArgKind.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException(name + ": choices go with kind CHOICE, and only with it");
        }
        converter = converter == null ? Values.forKind(kind) : converter;
    }

    public static Positional of(String name, ArgKind kind, String description) {
        return new Positional(name, kind, kind.endsOptions() ? Arity.ONE_OR_MORE : Arity.ONE, description, List.of(),
                null, null);
    }

    public static Positional choice(String name, String description, String... values) {
        return new Positional(name, ArgKind.CHOICE, Arity.ONE, description, List.of(values), null, null);
    }

    /** The same argument, which may be left out. */
    public Positional optional() {
        return withArity(arity.repeats() ? Arity.ZERO_OR_MORE : Arity.OPTIONAL);
    }

    /** The same argument, repeatable. */
    public Positional many() {
        return withArity(arity.required() ? Arity.ONE_OR_MORE : Arity.ZERO_OR_MORE);
    }

    private Positional withArity(Arity a) {
        return new Positional(name, kind, a, description, choices, whenMissing, converter);
    }

    /** The same argument, with the parser's sentence for when it is missing ("give the files ..."). */
    public Positional whenMissing(String sentence) {
        return new Positional(name, kind, arity, description, choices, sentence, converter);
    }

    Positional withConverter(Values.Converter c) {
        return new Positional(name, kind, arity, description, choices, whenMissing, c);
    }

    /** As usage shows it: {@code PARTITION...}, {@code [NAME]}. */
    public String usage() {
        String word = name.toUpperCase(Locale.ROOT).replace(' ', '-') + (arity.repeats() ? "..." : "");
        return arity.required() ? word : "[" + word + "]";
    }
}
