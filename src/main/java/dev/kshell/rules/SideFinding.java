package dev.kshell.rules;

import dev.kshell.model.Finding;

/**
 * A finding of one of triage's side reads (the clients' side, temporary config changes, the radar), attributed to
 * the checklist step it belongs to: 1 quorum and controllers, 2 brokers, 5 clients and availability, 6 configs and
 * time. {@link Triage} merges it into that step, so the checklist keeps its six steps and each step's verdict rules
 * apply to what joins it (step 6 is counted, never part of the verdict).
 *
 * @param step     1..6
 * @param source   which side read found it ("clients", "configs", "radar"), for the JSON and the tests
 * @param finding  what it found, with its next command
 * @param headline what the step's summary line says of it ("certificate of brokers 4, 5, 6 (listener SSL) expires in
 *                 5 days"), or null: then the summary names its rule when it is a warning or worse, and nothing else
 */
public record SideFinding(int step, String source, Finding finding, String headline) {

    public SideFinding {
        if (step < 1 || step > 6) {
            throw new IllegalArgumentException("triage has steps 1 to 6, not " + step);
        }
        if (finding == null) {
            throw new IllegalArgumentException("a side finding needs its finding");
        }
    }

    /** Without a headline of its own. */
    public SideFinding(int step, String source, Finding finding) {
        this(step, source, finding, null);
    }
}
