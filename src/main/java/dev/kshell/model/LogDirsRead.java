package dev.kshell.model;

import java.util.List;
import java.util.Map;

/**
 * Every log directory of the brokers asked, at one moment.
 *
 * @param takenAtMs when it was read (epoch ms)
 * @param dirs      per broker, its directories sorted by path
 * @param errors    per broker that could not answer, one sentence
 */
public record LogDirsRead(long takenAtMs, Map<Integer, List<LogDirState>> dirs, Map<Integer, String> errors) {

    public LogDirsRead {
        dirs = Map.copyOf(dirs);
        errors = Map.copyOf(errors);
    }

    /** Nothing read (no broker asked). */
    public static LogDirsRead empty(long takenAtMs) {
        return new LogDirsRead(takenAtMs, Map.of(), Map.of());
    }

    /** Every directory of every broker that answered. */
    public List<LogDirState> all() {
        return dirs.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .flatMap(e -> e.getValue().stream()).toList();
    }
}
