package dev.kshell.model;

/**
 * One thing a rule found, shared by triage, audit and lint.
 *
 * @param severity how much it matters
 * @param rule     stable rule id, kebab-case (e.g. "leaderless", "controller-port-mismatch")
 * @param where    what it is about: "topic orders", "broker 5", or "file:line" for offline lint
 * @param message  what is wrong and why it matters, one sentence
 * @param fix      the exact next command or change to make, or null when there is nothing to do
 */
public record Finding(Severity severity, String rule, String where, String message, String fix) {
}
