package dev.kshell.cli;

import dev.kshell.util.Environment;
import java.util.Map;

/**
 * Whether output may carry ANSI colours: only on a terminal (not piped, not {@code TERM=dumb}), without
 * {@code --no-color}, and without {@code NO_COLOR} in the environment (https://no-color.org: set and not empty).
 * One rule for the REPL and one-shot mode; per command, {@code --no-color} switches colour off too.
 */
public final class Colors {

    private Colors() {
    }

    public static boolean allowed(boolean terminal, boolean noColorFlag, Map<String, String> env) {
        if (!terminal || noColorFlag) {
            return false;
        }
        String noColor = env.get("NO_COLOR");
        if (noColor != null && !noColor.isEmpty()) {
            return false;
        }
        return !"dumb".equals(env.get("TERM"));
    }

    public static boolean allowed(boolean terminal, boolean noColorFlag) {
        return allowed(terminal, noColorFlag, Environment.colorVariables());
    }
}
