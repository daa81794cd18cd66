package dev.kshell.runbook;

import java.util.List;
import java.util.Map;
import java.util.Collections;
import java.util.LinkedHashMap;

/**
 * A parsed, checked runbook, ready to execute.
 *
 * @param fileName     as given to the parser, used in {@code file:line} messages
 * @param steps        in file order
 * @param params       the {@code param} declarations (value = override, else default)
 * @param values       every param and {@code set} name with its final value, in declaration order
 * @param allowUnclean the file declares {@code allow unclean}
 */
public record Runbook(String fileName, List<Step> steps, List<Param> params, Map<String, String> values,
        boolean allowUnclean) {

    public Runbook {
        steps = List.copyOf(steps);
        params = List.copyOf(params);
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * A {@code param} declaration.
     *
     * @param defaultValue null when the param has none (then {@code --param} must give it)
     * @param value        the value the run uses
     * @param overridden   the value came from {@code --param}
     */
    public record Param(String name, String defaultValue, String value, int line, boolean overridden) {
    }

    /** {@code file:line} of a line of this runbook. */
    public String origin(int line) {
        return fileName + ":" + line;
    }
}
