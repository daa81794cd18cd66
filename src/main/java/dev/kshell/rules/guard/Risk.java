package dev.kshell.rules.guard;

/**
 * What a planned mutation puts at stake, as the gate's policy ({@link GatePolicy}) reads it.
 *
 * @param kind     {@link Kind#CHANGE}: y/N or --yes; {@link Kind#LOSS}: the typed phrase; {@link Kind#SANDBOX}: the
 *                 sandbox's own fault injection, which asks nothing
 * @param question the y/N question (CHANGE), or null
 * @param typed    the phrase to type and what is lost (LOSS), or null
 * @param subject  what the loss is, for refusals ("an unclean election", "aborting transaction t1"), or null
 */
public record Risk(Kind kind, String question, Confirmation typed, String subject) {

    public enum Kind { CHANGE, LOSS, SANDBOX }

    /** A change that loses no data: {@code --yes}, or y/N at a terminal. */
    public static Risk change(String question) {
        return new Risk(Kind.CHANGE, question, null, null);
    }

    /**
     * A change that can lose data: only a person typing {@code phrase} at a terminal, or a runbook that declares
     * {@code allow unclean} run with {@code --yes}.
     *
     * @param what    the warning shown above the phrase: what is lost, for good
     * @param subject the act in a refusal's sentence ("an unclean election")
     */
    public static Risk loss(String phrase, String what, String subject) {
        return new Risk(Kind.LOSS, null, Confirmation.typed(phrase, what), subject);
    }

    /** The sandbox's own faults (a node killed, a disk failed): audited, never asked. */
    public static Risk sandbox() {
        return new Risk(Kind.SANDBOX, null, null, null);
    }
}
