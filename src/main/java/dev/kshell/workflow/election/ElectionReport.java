package dev.kshell.workflow.election;

import dev.kshell.rules.election.ElectionResults;
import java.util.List;

/**
 * The model of every {@code elect} command (what --output json prints and runbooks see as {@code result}).
 *
 * @param action      elect-preferred / elect-unclean / restore-order
 * @param clusterId   the connected cluster
 * @param decision    the audit decision: dry-run, refused, aborted, not-needed, succeeded, failed, interrupted,
 *                    unknown
 * @param reason      refusal / abort / failure sentence, or null
 * @param alternative the safe alternative to a refusal, or null
 * @param plan        the plan
 * @param results     per-partition results, or null when nothing ran
 * @param checks      post-election checks (re-read), or empty
 * @param auditLog    the audit log file written
 */
public record ElectionReport(String action, String clusterId, String decision, String reason, String alternative,
                             Object plan, ElectionResults results, List<PostElectionCheck> checks,
                             String auditLog) {
}
