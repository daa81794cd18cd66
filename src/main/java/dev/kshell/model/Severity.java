package dev.kshell.model;

/** How much a finding matters, least to most. */
public enum Severity {
    INFO, WARNING, ERROR, CRITICAL;

    public boolean atLeast(Severity other) {
        return compareTo(other) >= 0;
    }
}
