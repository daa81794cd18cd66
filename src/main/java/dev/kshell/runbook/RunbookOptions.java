package dev.kshell.runbook;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

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
        params = params == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(params));
    }

    public static RunbookOptions defaults() {
        return new RunbookOptions(Map.of(), false, false, false, null);
    }

    /** The outcome of reading {@code run}'s arguments: a file and options, or a usage error. */
    public record Args(Path file, RunbookOptions options, String error) {
        public boolean ok() {
            return error == null;
        }
    }

    /**
     * Reads {@code run}'s arguments (already split into words, without the word {@code run}). A convenience for the
     * shell's {@code run} command; usage errors come back as values.
     */
    public static Args parseArgs(List<String> words) {
        Path file = null;
        Map<String, String> params = new LinkedHashMap<>();
        boolean dryRun = false;
        boolean step = false;
        boolean yes = false;
        Path transcript = null;
        for (int i = 0; i < words.size(); i++) {
            String w = words.get(i);
            switch (w) {
                case "--dry-run" -> dryRun = true;
                case "--step" -> step = true;
                case "--yes" -> yes = true;
                case "--param", "--transcript" -> {
                    if (i + 1 >= words.size()) {
                        return new Args(null, null, w + " needs a value");
                    }
                    String v = words.get(++i);
                    if (w.equals("--transcript")) {
                        transcript = Path.of(v);
                    } else {
                        int eq = v.indexOf('=');
                        if (eq <= 0) {
                            return new Args(null, null, "--param needs name=value, got '" + v + "'");
                        }
                        if (params.put(v.substring(0, eq), v.substring(eq + 1)) != null) {
                            return new Args(null, null, "--param " + v.substring(0, eq) + " given twice");
                        }
                    }
                }
                default -> {
                    if (w.startsWith("--")) {
                        return new Args(null, null, "unknown option " + w);
                    }
                    if (file != null) {
                        return new Args(null, null, "one runbook file at a time (got " + file + " and " + w + ")");
                    }
                    file = Path.of(w);
                }
            }
        }
        if (file == null) {
            return new Args(null, null, "usage: run FILE.ksh [--param k=v]... [--dry-run] [--step] [--yes] "
                    + "[--transcript FILE]");
        }
        return new Args(file, new RunbookOptions(params, dryRun, step, yes, transcript), null);
    }
}
