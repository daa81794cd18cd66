package dev.kshell.rules;

import dev.kshell.util.Labelled;

/** The outcome of one triage step. */
public enum StepStatus implements Labelled {
    OK, WARN, FAIL, SKIPPED;

    @Override
    public String toString() {
        return label();
    }
}
