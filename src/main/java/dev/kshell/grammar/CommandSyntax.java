package dev.kshell.grammar;

import java.util.List;

/**
 * A command's declaration as the grammar reads it: every name it answers to (a name may be several words, {@code
 * elect preferred}), its own options and its positional arguments in order. Parsing, help, completion, runbook
 * checks and the launcher all read this one record.
 *
 * @param arguments null when the command has not declared its positional arguments: then any words are accepted
 *                  and none are completed
 */
public record CommandSyntax(List<String> names, List<OptionSpec> options, List<Positional> arguments) {

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
        if (arguments == null || arguments.isEmpty()) {
            return null;
        }
        if (index < arguments.size()) {
            return arguments.get(index);
        }
        Positional last = arguments.get(arguments.size() - 1);
        return last.arity().repeats() ? last : null;
    }
}
