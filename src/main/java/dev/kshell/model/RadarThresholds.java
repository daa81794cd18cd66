package dev.kshell.model;

import java.time.Duration;

/**
 * When the radar calls something due (docs/radar.md); a profile may set each ({@code cert-warn-days},
 * {@code cert-critical-days}, {@code future-timestamp-max}, {@code clock-skew-max} in profiles.yaml).
 *
 * @param certWarnDays     a certificate that expires within this many days is a warning
 * @param certCriticalDays within this many days, critical (an expired one always is)
 * @param futureTimestamp  a newest record stamped further ahead of this host's clock than this is a finding
 * @param clockSkew        a node whose clock differs from this host's by more than this (beyond what the round trip
 *                         leaves uncertain) is a finding
 */
public record RadarThresholds(int certWarnDays, int certCriticalDays, Duration futureTimestamp, Duration clockSkew) {

    /** 14 and 3 days, 1 hour (Kafka 4.x refuses records stamped more than 1 h ahead by default), 30 seconds. */
    public static final RadarThresholds DEFAULTS = new RadarThresholds(14, 3, Duration.ofHours(1),
            Duration.ofSeconds(30));

    public RadarThresholds {
        if (certWarnDays < 0 || certCriticalDays < 0) {
            throw new IllegalArgumentException("certificate windows are whole days, 0 or more");
        }
        if (certCriticalDays > certWarnDays) {
            throw new IllegalArgumentException("cert-critical-days (" + certCriticalDays
                    + ") must not be more than cert-warn-days (" + certWarnDays + ")");
        }
        futureTimestamp = futureTimestamp == null ? DEFAULTS.futureTimestamp : futureTimestamp;
        clockSkew = clockSkew == null ? DEFAULTS.clockSkew : clockSkew;
    }
}
