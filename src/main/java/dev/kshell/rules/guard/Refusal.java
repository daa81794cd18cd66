package dev.kshell.rules.guard;

/**
 * One refusal: the reason, the partition it is about (null when it is about the session or the quorum), a sentence
 * for the operator and the safe alternative (an exact command, or what to do).
 */
public record Refusal(RefusalReason reason, String partition, String message, String alternative) {
}
