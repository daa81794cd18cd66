package dev.kshell.rules;

import java.util.Set;

/**
 * The radar's time findings (records stamped ahead, clocks that differ): they join triage's step 6 with the config
 * risks, and the verdict line counts them apart ("1 time risk"), for they are not settings.
 */
public final class TimeRisks {

    /** A partition's newest record stamped further ahead than the threshold. */
    public static final String FUTURE = "future-timestamps";
    /** A broker that stamped a record ahead of this host's clock. */
    public static final String BROKER_CLOCK = "clock-ahead";
    /** The active controller's clock off this host's. */
    public static final String CONTROLLER_CLOCK = "clock-skew";
    /** Every one of them. */
    public static final Set<String> RULES = Set.of(FUTURE, BROKER_CLOCK, CONTROLLER_CLOCK);

    private TimeRisks() {
    }
}
