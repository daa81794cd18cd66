package dev.kshell.connection;

import dev.kshell.model.RadarThresholds;
import dev.kshell.util.Durations;
import dev.kshell.util.Validated;

import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;

/**
 * A profile's radar settings ({@code cert-warn-days}, {@code cert-critical-days}, {@code future-timestamp-max},
 * {@code clock-skew-max}), read one key at a time by {@link ProfileStore}; each wrong value is one error sentence.
 */
final class ProfileRadar {

    static final String CERT_WARN_DAYS = "cert-warn-days";
    static final String CERT_CRITICAL_DAYS = "cert-critical-days";
    static final String FUTURE_TIMESTAMP_MAX = "future-timestamp-max";
    static final String CLOCK_SKEW_MAX = "clock-skew-max";

    /** The keys, in the order documented. */
    static final List<String> KEYS = List.of(CERT_WARN_DAYS, CERT_CRITICAL_DAYS, FUTURE_TIMESTAMP_MAX, CLOCK_SKEW_MAX);

    private int warnDays = RadarThresholds.DEFAULTS.certWarnDays();
    private int criticalDays = RadarThresholds.DEFAULTS.certCriticalDays();
    private Duration future = RadarThresholds.DEFAULTS.futureTimestamp();
    private Duration skew = RadarThresholds.DEFAULTS.clockSkew();
    private boolean set;

    /** Takes one key's text (null: already reported as missing); a bad value goes to {@code error}. */
    void set(String profile, String key, String text, Consumer<String> error) {
        if (text == null) {
            return;
        }
        set = true;
        switch (key) {
            case CERT_WARN_DAYS -> warnDays = days(profile, key, text, error, warnDays);
            case CERT_CRITICAL_DAYS -> criticalDays = days(profile, key, text, error, criticalDays);
            case FUTURE_TIMESTAMP_MAX -> future = duration(profile, key, text, error, future);
            default -> skew = duration(profile, key, text, error, skew);
        }
    }

    /** The thresholds, or null after reporting that the critical window is wider than the warning one. */
    RadarThresholds build(String profile, Consumer<String> error) {
        if (!set) {
            return null;
        }
        if (criticalDays > warnDays) {
            error.accept("profile '" + profile + "': " + CERT_CRITICAL_DAYS + " (" + criticalDays + ") is more than "
                    + CERT_WARN_DAYS + " (" + warnDays + "); the critical window lies inside the warning one");
            return null;
        }
        return new RadarThresholds(warnDays, criticalDays, future, skew);
    }

    private static int days(String profile, String key, String text, Consumer<String> error, int otherwise) {
        try {
            int days = Integer.parseInt(text.strip());
            if (days >= 0 && days <= 3650) {
                return days;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        error.accept("profile '" + profile + "': " + key + " must be a whole number of days from 0 to 3650, was '"
                + text + "'");
        return otherwise;
    }

    private static Duration duration(String profile, String key, String text, Consumer<String> error,
                                     Duration otherwise) {
        Validated<Duration> parsed = Durations.parse(text, key);
        if (parsed instanceof Validated.Ok<Duration> ok && !ok.value().isNegative()) {
            return ok.value();
        }
        error.accept("profile '" + profile + "': " + key + " " + (parsed.isOk() ? "must not be negative"
                : parsed.errors().get(0).message()));
        return otherwise;
    }
}
