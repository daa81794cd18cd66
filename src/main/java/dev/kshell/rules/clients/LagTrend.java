package dev.kshell.rules.clients;

import java.util.List;

/** Whether a group's total lag grew over this session's samples, in one word. Pure. */
public final class LagTrend {

    public static final String GROWING = "growing";
    public static final String SHRINKING = "shrinking";
    public static final String STEADY = "steady";
    public static final String VARYING = "varying";

    /** Samples needed before a trend is named. */
    static final int MIN_SAMPLES = 3;

    private LagTrend() {
    }

    /**
     * "growing" when the lag never fell and ended higher than it began, "shrinking" the other way round, "steady"
     * when it never moved, "varying" otherwise; null with fewer than {@value #MIN_SAMPLES} samples.
     */
    public static String of(List<Long> lags) {
        if (lags.size() < MIN_SAMPLES) {
            return null;
        }
        boolean up = true;
        boolean down = true;
        for (int i = 1; i < lags.size(); i++) {
            up &= lags.get(i) >= lags.get(i - 1);
            down &= lags.get(i) <= lags.get(i - 1);
        }
        long first = lags.get(0);
        long last = lags.get(lags.size() - 1);
        if (up && down) {
            return STEADY;
        }
        if (up && last > first) {
            return GROWING;
        }
        return down && last < first ? SHRINKING : VARYING;
    }
}
