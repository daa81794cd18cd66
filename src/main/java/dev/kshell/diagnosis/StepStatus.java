package dev.kshell.diagnosis;

import com.fasterxml.jackson.annotation.JsonValue;

/** The outcome of one triage step. */
public enum StepStatus {
    OK("ok"), WARN("warn"), FAIL("fail"), SKIPPED("skipped");

    private final String label;

    StepStatus(String label) {
        this.label = label;
    }

    @JsonValue
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
