package dev.kshell.rules;

/** Triage's one-word answer. */
public enum Verdict {
    /** Nothing at WARNING or above. */
    HEALTHY,
    /** Serving, but under-min-ISR, fenced or missing brokers, under-replicated, a config risk, quorum trouble... */
    DEGRADED,
    /** The quorum has no leader, or some partition is leaderless, or no broker can serve. */
    UNAVAILABLE
}
