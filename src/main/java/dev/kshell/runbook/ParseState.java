package dev.kshell.runbook;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Everything one parse of a runbook accumulates: errors, steps, params and values, the file's permission. */
final class ParseState {
    final String file;
    final Map<String, String> overrides;
    final CommandCatalog catalog;
    final List<RunbookError> errors = new ArrayList<>();
    final List<Step> steps = new ArrayList<>();
    final Map<String, Runbook.Param> params = new LinkedHashMap<>();
    final Map<String, Integer> setLines = new HashMap<>();
    final Map<String, String> values = new LinkedHashMap<>();
    final Map<String, Integer> definedLater = new HashMap<>();
    /** Steps that would change the cluster, {@code file:line: command}, recorded even when the line has errors. */
    final List<String> mutations = new ArrayList<>();
    boolean allowUnclean;

    ParseState(String file, Map<String, String> overrides, CommandCatalog catalog) {
        this.file = file;
        this.overrides = overrides;
        this.catalog = catalog;
    }

    void error(int line, String message) {
        errors.add(new RunbookError(file, line, message));
    }
}
