package dev.kshell.rules.election;

/**
 * The estimated loss of an unclean election, relative to the replica that will lead.
 *
 * <p>Records: the remembered high watermark (what kshell last saw acknowledged) minus the winner's log end offset,
 * or the largest log end offset among live replicas minus the winner's, whichever is larger. Bytes: the largest log
 * size among live replicas minus the winner's (the other live replicas truncate to the new leader's log). Both are
 * lower bounds: the dead replicas cannot be asked, and records written after kshell last looked are not known.
 *
 * @param records       records at risk (offsets), or null when unknown
 * @param bytes         bytes at risk on live replicas, or null when unknown
 * @param lowerBound    true when the true loss may be larger (always, unless nothing is at risk and all is known)
 * @param basis         how the numbers were obtained, one sentence; null when both are unknown
 * @param unknownReason why records (or everything) cannot be estimated, or null
 * @param summary       one line for the plan: "≥ 100 records ...", or "unknown: <reason>"
 */
public record DataAtRisk(Long records, Long bytes, boolean lowerBound, String basis, String unknownReason,
                         String summary) {

    public boolean known() {
        return records != null || bytes != null;
    }
}
