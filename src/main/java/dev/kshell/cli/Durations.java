package dev.kshell.cli;

import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as operators type them: 500ms, 5s, 2m, 1h (a bare number is seconds). */
public final class Durations {

    private static final Pattern FORM = Pattern.compile("(\\d+)(ms|s|m|h)?");

    private Durations() {
    }

    public static Duration parse(String what, String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException(what + " takes a duration like 500ms, 10s, 5m or 1h, not '" + text + "'");
        }
        long n = Long.parseLong(m.group(1));
        String unit = m.group(2) == null ? "s" : m.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(n);
            case "m" -> Duration.ofMinutes(n);
            case "h" -> Duration.ofHours(n);
            default -> Duration.ofSeconds(n);
        };
    }

    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        return ms % 1000 == 0 ? ms / 1000 + "s" : ms + "ms";
    }
}
