package dev.kshell.grammar;

import java.util.List;

/**
 * One declared option of a command: {@code --name}, optionally {@code -c}, with the kind of value it takes and how
 * that value is converted. Commands declare options as typed keys ({@link Opt}); this is what the grammar, help,
 * completion and the generated scripts read.
 *
 * @param shortName  the one-letter form, or 0 for none
 * @param choices    the accepted values of a {@link ArgKind#CHOICE} option (empty for other kinds)
 * @param hint       how usage shows the value ({@code HOST:PORT,...}), or null for the kind's own ({@link #valueHint})
 * @param repeatable the option may be given several times and every value counts ({@code --group A --group B});
 *                   otherwise the last one wins
 * @param required   the command cannot run without it
 * @param converter  turns the typed word into the value commands read
 */
public record OptionSpec(String name, char shortName, ArgKind kind, String description, List<String> choices,
                         String hint, boolean repeatable, boolean required, Values.Converter converter) {

    public OptionSpec {
        if (name == null || name.isBlank() || name.startsWith("-")) {
            throw new IllegalArgumentException("an option name is a bare word, not '" + name + "'");
        }
        choices = List.copyOf(choices);
        if ((kind == ArgKind.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException("--" + name + ": choices go with kind CHOICE, and only with it");
        }
        converter = converter == null ? Values.forKind(kind) : converter;
    }

    public OptionSpec(String name, char shortName, ArgKind kind, String description, List<String> choices) {
        this(name, shortName, kind, description, choices, null, false, false, null);
    }

    public static OptionSpec of(String name, ArgKind kind, String description) {
        return new OptionSpec(name, (char) 0, kind, description, List.of());
    }

    public static OptionSpec choice(String name, String description, String... values) {
        return new OptionSpec(name, (char) 0, ArgKind.CHOICE, description, List.of(values));
    }

    /** This option with a one-letter alias ({@code -o}). */
    public OptionSpec withShortName(char letter) {
        return new OptionSpec(name, letter, kind, description, choices, hint, repeatable, required, converter);
    }

    OptionSpec withHint(String text) {
        return new OptionSpec(name, shortName, kind, description, choices, text, repeatable, required, converter);
    }

    OptionSpec asRepeatable() {
        return new OptionSpec(name, shortName, kind, description, choices, hint, true, required, converter);
    }

    OptionSpec asRequired() {
        return new OptionSpec(name, shortName, kind, description, choices, hint, repeatable, true, converter);
    }

    OptionSpec withConverter(Values.Converter c) {
        return new OptionSpec(name, shortName, kind, description, choices, hint, repeatable, required, c);
    }

    public boolean takesValue() {
        return kind.takesValue();
    }

    /** True when {@code token} ({@code --name} or {@code -c}, without any {@code =value}) names this option. */
    public boolean isNamedBy(String token) {
        return token.equals("--" + name) || (shortName != 0 && token.equals("-" + shortName));
    }

    /** {@code --name VALUE-HINT}, as usage and help show it. */
    public String usage() {
        return "--" + name + (takesValue() ? " " + valueHint() : "");
    }

    /** How help shows the value: {@code table|json} for a choice, else what the value is ({@code TOPIC}, {@code ID}). */
    public String valueHint() {
        if (hint != null) {
            return hint;
        }
        return switch (kind) {
            case FLAG -> "";
            case CHOICE -> String.join("|", choices);
            case TOPIC, UNCLEAN_TOPIC, OFF_PREFERRED_TOPIC -> "TOPIC";
            case PARTITION, UNCLEAN_PARTITION, OFF_PREFERRED_PARTITION, REORDERED_PARTITION -> "PARTITION";
            case BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID, CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID,
                 NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> "ID";
            case FILE, KSH_FILE, PROPERTIES_FILE -> "FILE";
            case DIRECTORY -> "DIR";
            case INTEGER -> "N";
            case DURATION, PROFILE, GROUP, SCENARIO -> kind.name();
            case CONFIG_KEY, TOPIC_CONFIG_KEY, BROKER_CONFIG_KEY -> "KEY";
            case TOPIC_CONFIG_SETTING, BROKER_CONFIG_SETTING -> "KEY=VALUE";
            case TEMPORARY_CHANGE -> "ID";
            default -> "VALUE";
        };
    }
}
