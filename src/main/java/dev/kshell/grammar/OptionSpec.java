package dev.kshell.grammar;

import java.util.List;

/**
 * One declared option of a command: {@code --name}, optionally {@code -c}, with the kind of value it takes.
 * Options may be given more than once; the command decides whether that means a list or the last one wins.
 *
 * @param shortName the one-letter form, or 0 for none
 * @param choices   the accepted values of a {@link ArgKind#CHOICE} option (empty for other kinds)
 */
public record OptionSpec(String name, char shortName, ArgKind kind, String description, List<String> choices) {

    public OptionSpec {
        if (name == null || name.isBlank() || name.startsWith("-")) {
            throw new IllegalArgumentException("an option name is a bare word, not '" + name + "'");
        }
        choices = List.copyOf(choices);
        if ((kind == ArgKind.CHOICE) == choices.isEmpty()) {
            throw new IllegalArgumentException("--" + name + ": choices go with kind CHOICE, and only with it");
        }
    }

    public static OptionSpec of(String name, ArgKind kind, String description) {
        return new OptionSpec(name, (char) 0, kind, description, List.of());
    }

    public static OptionSpec choice(String name, String description, String... values) {
        return new OptionSpec(name, (char) 0, ArgKind.CHOICE, description, List.of(values));
    }

    /** This option with a one-letter alias ({@code -o}). */
    public OptionSpec withShortName(char letter) {
        return new OptionSpec(name, letter, kind, description, choices);
    }

    public boolean takesValue() {
        return kind.takesValue();
    }

    /** True when {@code token} ({@code --name} or {@code -c}, without any {@code =value}) names this option. */
    public boolean isNamedBy(String token) {
        return token.equals("--" + name) || (shortName != 0 && token.equals("-" + shortName));
    }

    /** How help shows the value: {@code table|json} for a choice, else what the value is ({@code TOPIC}, {@code ID}). */
    public String valueHint() {
        return switch (kind) {
            case FLAG -> "";
            case CHOICE -> String.join("|", choices);
            case TOPIC, UNCLEAN_TOPIC, OFF_PREFERRED_TOPIC -> "TOPIC";
            case PARTITION, UNCLEAN_PARTITION, OFF_PREFERRED_PARTITION, REORDERED_PARTITION -> "PARTITION";
            case BROKER_ID, LIVE_BROKER_ID, STOPPED_BROKER_ID, CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID,
                 NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> "ID";
            case FILE, KSH_FILE, PROPERTIES_FILE -> "FILE";
            case DIRECTORY -> "DIR";
            case DURATION, INTEGER, PROFILE, GROUP, SCENARIO -> kind == ArgKind.INTEGER ? "N" : kind.name();
            case CONFIG_KEY -> "KEY";
            default -> "VALUE";
        };
    }
}
