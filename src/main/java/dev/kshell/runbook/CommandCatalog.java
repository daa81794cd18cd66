package dev.kshell.runbook;

import java.util.List;
import java.util.Optional;

/**
 * What the runbook parser needs to know about the shell's commands. The shell implements it over its command
 * registry; the words are one step's line after tokenising (JLine rules: quotes removed) and {@code ${name}}
 * substitution, so {@code words.get(0)} is the command name.
 */
public interface CommandCatalog {

    /** Does this line start with a known command (for example {@code leaderless}, {@code elect preferred})? */
    boolean isCommand(List<String> words);

    /** Does the command change the cluster (for example {@code elect ...})? Mutations only plan under --dry-run. */
    boolean isMutating(List<String> words);

    /** Is this an unclean election? Such a step needs the file's {@code allow unclean} and the run's --yes. */
    boolean isUnclean(List<String> words);

    /**
     * Checks options and arguments without touching the cluster.
     *
     * @return a usage error (one line, no file or line prefix), or empty when the line is well formed
     */
    Optional<String> checkLine(List<String> words);

    /** How many of the words name the command ({@code elect preferred}: 2); a param may never fill them. */
    default int nameWords(List<String> words) {
        return 1;
    }

    /**
     * Why this otherwise valid line may not be a runbook step (for example {@code connect --unpin}: a runbook
     * must not change which cluster it may act on behind its starter's back), or empty.
     */
    default Optional<String> refusedInRunbook(List<String> words) {
        return Optional.empty();
    }
}
