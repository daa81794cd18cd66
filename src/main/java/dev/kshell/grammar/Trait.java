package dev.kshell.grammar;

/**
 * What a command is, beyond its words: declared once in its {@link CommandSpec}, read by the executor, {@code watch},
 * runbooks, help and completion (none of them keeps a list of command names).
 */
public enum Trait {
    /** Reads or changes a cluster: unavailable, with a sentence saying how to connect, until there is a connection. */
    NEEDS_CONNECTION,
    /**
     * Changes the cluster or the sandbox: planned only under a runbook's {@code --dry-run}, never re-run by
     * {@code watch}, and the prompt's health mark is dropped after it ran.
     */
    MUTATING,
    /** May lose data ({@code elect unclean}): a runbook needs the file's {@code allow unclean} and the run's --yes. */
    DESTRUCTIVE,
    /** Worth re-running on a timer: {@code watch} takes it and completion offers it after {@code watch}. */
    WATCHABLE,
    /** Not a runbook step ({@code run}: no nested runbooks). */
    RUNBOOK_FORBIDDEN,
    /** Acts on the shell session itself (connect, disconnect, exit, run, watch), not on a cluster. */
    SHELL_ONLY,
    /** Plumbing ({@code __complete}): left out of help, completion and suggestions. */
    HIDDEN
}
