package dev.kshell.cli;

import dev.kshell.grammar.Group;
import dev.kshell.grammar.Trait;

/** Which commands {@code watch} may re-run: those declared {@link Trait#WATCHABLE}. Shared by the command and completion. */
public final class Watchable {

    private Watchable() {
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
