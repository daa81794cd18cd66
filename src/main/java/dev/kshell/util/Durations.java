package dev.kshell.util;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Human durations as operators type them: {@code 500ms}, {@code 10s}, {@code 2m}, {@code 1h}, {@code 1m30s}. */
public final class Durations {

    private static final Pattern WHOLE = Pattern.compile("(?:\\d+(?:ms|s|m|h))+");
    private static final Pattern PART = Pattern.compile("(\\d+)(ms|s|m|h)");

    /**
     * The longest duration kshell accepts: 24 days, just under the 2^31 - 1 milliseconds Kafka's client timeouts
     * ({@code request.timeout.ms}, an int) can hold. Longer ones are refused where they are parsed, so no caller
     * meets an overflowing {@code toMillis()} or an {@code ArithmeticException} ({@code 9999999999999999h}).
     */
    public static final Duration MAX = Duration.ofDays(24);

    private Durations() {
    }

    /**
     * Parses a positive duration; ISO-8601 ({@code PT10S}) is accepted too.
     *
     * @return the duration, or a failure whose message says what is accepted ({@code source} names the option
     *         or file in that message)
     */
    public static Validated<Duration> parse(String text, String source) {
        String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT).replace(" ", "");
        Duration d = null;
        if (WHOLE.matcher(t).matches()) {
            d = Duration.ZERO;
            Matcher m = PART.matcher(t);
            while (m.find()) {
                long n;
                try {
                    n = Long.parseLong(m.group(1));
                    d = d.plus(switch (m.group(2)) {
                        case "ms" -> Duration.ofMillis(n);
                        case "s" -> Duration.ofSeconds(n);
                        case "m" -> Duration.ofMinutes(n);
                        default -> Duration.ofHours(n);
                    });
                } catch (NumberFormatException | ArithmeticException e) {
                    return tooLarge(text, source);
                }
                if (d.compareTo(MAX) > 0) {
                    return tooLarge(text, source);
                }
            }
        } else if (t.startsWith("p")) {
            try {
                d = Duration.parse(t.toUpperCase(Locale.ROOT));
            } catch (DateTimeParseException | ArithmeticException e) {
                d = null;
            }
        }
        if (d == null) {
            return Validated.failed(SettingsError.of(source,
                    "'" + text + "' is not a duration; use a number with a unit: 500ms, 10s, 2m, 1h"));
        }
        if (d.isZero() || d.isNegative()) {
            return Validated.failed(SettingsError.of(source, "must be more than zero, got '" + text + "'"));
        }
        if (d.compareTo(MAX) > 0) {
            return tooLarge(text, source);
        }
        return Validated.ok(d);
    }

    private static Validated<Duration> tooLarge(String text, String source) {
        return Validated.failed(SettingsError.of(source, "'" + text + "' is too long: at most " + format(MAX)
                + " (24 days)"));
    }

    /** The shortest form {@link #parse} reads back: {@code 10s}, {@code 1m30s}, {@code 250ms}. */
    public static String format(Duration d) {
        if (d == null) {
            return null;
        }
        long ms = d.toMillis();
        if (ms % 1000 != 0) {
            return ms + "ms";
        }
        long s = ms / 1000;
        StringBuilder out = new StringBuilder();
        if (s >= 3600) {
            out.append(s / 3600).append('h');
            s %= 3600;
        }
        if (s >= 60) {
            out.append(s / 60).append('m');
            s %= 60;
        }
        if (s > 0 || out.length() == 0) {
            out.append(s).append('s');
        }
        return out.toString();
    }
}
