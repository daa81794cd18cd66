package dev.kshell.rules;

import dev.kshell.model.Finding;

import java.util.List;

/**
 * One step of the incident checklist (docs/commands.md, triage).
 *
 * @param number   1..6, in checklist order
 * @param title    what the step asks ("Quorum", "Brokers", ...)
 * @param status   ok / warn / fail / skipped
 * @param summary  the step's finding in one line (for a skipped step: why it could not be judged)
 * @param findings what the step found, most severe first within the checklist's own order
 * @param action   what to do outside kshell (start a broker, fix a config), or null
 * @param next     the exact kshell command line to type next, or null when there is nothing to do
 */
public record TriageStep(int number, String title, StepStatus status, String summary, List<Finding> findings,
                         String action, String next) {

    public TriageStep {
        findings = List.copyOf(findings);
    }
}
