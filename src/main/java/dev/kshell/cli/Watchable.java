package dev.kshell.cli;

import java.util.Set;

/** Which commands {@code watch} may re-run: read-only ones. Shared by the command and by completion. */
public final class Watchable {

    /** Commands that change the session or run other lines: re-running them on a timer makes no sense or harm. */
    private static final Set<String> SESSION_COMMANDS = Set.of("watch", "run", "connect", "disconnect", "exit", "quit");

    private Watchable() {
    }

    /** Why {@code command} cannot be watched, or null when it can. */
    public static String refusal(KshellCommand command) {
        String name = command.getName();
        if (command.mutating()) {
            return "'" + name + "' changes the cluster; watch only re-runs read commands";
        }
        if (SESSION_COMMANDS.contains(name) || command.getAliases().stream().anyMatch(SESSION_COMMANDS::contains)) {
            return "'" + name + "' cannot be watched; watch re-runs read commands such as leaderless, quorum or brokers";
        }
        // sandbox commands stop and start nodes even when they do not call themselves mutating; status only reads.
        if (name.startsWith("sandbox ") && !name.equals("sandbox status")) {
            return "'" + name + "' changes the sandbox; watch only re-runs read commands";
        }
        return null;
    }
}
