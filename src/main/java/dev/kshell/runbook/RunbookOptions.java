package dev.kshell.runbook;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Collections;

/**
 * The options of one {@code run FILE.ksh [--param k=v]... [--dry-run] [--step] [--yes] [--transcript FILE]}.
 *
 * @param params     {@code --param} overrides (give them to the parser; the executor records them)
 * @param dryRun     read-only steps run; mutating steps only plan; confirms are not asked; assertions report only
 * @param step       ask yes / skip / abort before every command step (needs a terminal)
 * @param yes        answers {@code confirm} and command confirmations; with {@code allow unclean}, permits
 *                   {@code elect unclean}
 * @param transcript where to write the transcript; null for a new file under the transcript directory
 */
public record RunbookOptions(Map<String, String> params, boolean dryRun, boolean step, boolean yes,
        Path transcript) {

    public RunbookOptions {
        params = params == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    public static RunbookOptions defaults() {
        return new RunbookOptions(Map.of(), false, false, false, null);
    }

    /**
     * Reads the values of {@code --param} options, {@code name=value} each (the value may hold '=' and may be
     * empty). The shell's command parser reads the rest of {@code run}'s options.
     *
     * @throws IllegalArgumentException with a one-line usage message, for a pair without a name or a name given twice
     */
    public static Map<String, String> params(List<String> pairs) {
        Map<String, String> params = new LinkedHashMap<>();
        for (String pair : pairs) {
            int eq = pair.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--param needs name=value, got '" + pair + "'");
            }
            if (params.put(pair.substring(0, eq), pair.substring(eq + 1)) != null) {
                throw new IllegalArgumentException("--param " + pair.substring(0, eq) + " given twice");
            }
        }
        return params;
    }
}
