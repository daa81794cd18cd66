package dev.kshell.runbook;

import java.time.Duration;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as runbooks write them: a whole number and one unit, {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}. */
public final class Durations {

    private static final Pattern FORMAT = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

    private Durations() {
    }

    /** The duration, or empty when the text is not one (no unit, negative, fractional, unknown unit). */
    public static Optional<Duration> parse(String text) {
        if (text == null) {
            return Optional.empty();
        }
        Matcher m = FORMAT.matcher(text.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        long n = Long.parseLong(m.group(1));
        return Optional.of(switch (m.group(2)) {
            case "ms" -> Duration.ofMillis(n);
            case "s" -> Duration.ofSeconds(n);
            case "m" -> Duration.ofMinutes(n);
            default -> Duration.ofHours(n);
        });
    }

    /** The shortest text {@link #parse} reads back as the same duration. */
    public static String format(Duration d) {
        long ms = d.toMillis();
        if (ms % 3_600_000 == 0 && ms > 0) {
            return ms / 3_600_000 + "h";
        }
        if (ms % 60_000 == 0 && ms > 0) {
            return ms / 60_000 + "m";
        }
        if (ms % 1000 == 0) {
            return ms / 1000 + "s";
        }
        return ms + "ms";
    }
}
