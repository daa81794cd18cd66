package dev.kshell.cli;

import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;

/** Which commands {@code watch} may re-run: those declared {@link Trait#WATCHABLE}. Shared by the command and completion. */
public final class Watchable {

    private Watchable() {
    }

    /** Why this line of {@code command} (its options given, by name) cannot be watched, or null when it can. */
    public static String refusal(KshellCommand command, java.util.Collection<String> options) {
        if (command.is(Trait.WATCHABLE) && command.spec().mutates(options)) {
            return "'" + command.spec().name() + "' with " + options.stream().filter(o -> command.spec()
                    .mutates(java.util.List.of(o))).map(o -> "--" + o).findFirst().orElse("these options")
                    + " changes the cluster; watch only re-runs read commands";
        }
        return refusal(command);
    }

    /** Why {@code command} cannot be watched, or null when it can. */
    public static String refusal(KshellCommand command) {
        String name = command.spec().name();
        if (command.is(Trait.WATCHABLE)) {
            return null;
        }
        if (command.is(Trait.MUTATING)) {
            return "'" + name + "' changes the " + (command.spec().group() == Group.SANDBOX ? "sandbox" : "cluster")
                    + "; watch only re-runs read commands";
        }
        return "'" + name + "' cannot be watched; watch re-runs read commands such as leaderless, quorum or brokers";
    }
}
