package dev.kshell.grammar;

import java.util.List;

/**
 * A command's declaration as the grammar reads it: every name it answers to (a name may be several words, {@code
 * elect preferred}), its usage line, its own options and its positional arguments in order. Parsing, help,
 * completion, runbook checks and the launcher all read this one record.
 *
 * @param arguments                 null when the command has not declared its positional arguments: then any
 *                                  words are accepted and none are completed
 * @param optionsEndAtFirstArgument everything from the first positional word on is an argument, dashes included
 * @param hidden                    plumbing: left out of help, completion and suggestions
 */
public record CommandSyntax(List<String> names, String usage, List<OptionSpec> options, List<Positional> arguments,
                            boolean optionsEndAtFirstArgument, boolean hidden) {

    public CommandSyntax {
        names = List.copyOf(names);
        options = List.copyOf(options);
        arguments = arguments == null ? null : List.copyOf(arguments);
    }

    public String name() {
        return names.get(0);
    }

    public boolean argumentsDeclared() {
        return arguments != null;
    }

    /** The positional argument that takes the word at {@code index} (0-based among positionals), or null. */
    public Positional argumentAt(int index) {
        if (arguments == null || arguments.isEmpty() || index < 0) {
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
        return arguments == null ? -1 : arguments.indexOf(positional);
    }
}
