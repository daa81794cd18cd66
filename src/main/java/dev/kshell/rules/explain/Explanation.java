package dev.kshell.rules.explain;

import java.util.List;

/**
 * What a Kafka client error most likely means and what to do about it.
 *
 * @param matchedPattern what was recognised: the Kafka error name and code ({@code LEADER_NOT_AVAILABLE (error
 *                       code 5)}) or the symptom ({@code ECONNREFUSED}); {@code no known pattern} when nothing was
 * @param likelyCause    one or two sentences on the most likely cause, naming the host:port or topic when the text did
 * @param whatToCheck    what to look at to confirm it
 * @param nextCommands   kshell commands to run next, most useful first; placeholders in angle brackets
 *                       ({@code describe <topic>}) where the text did not name the thing
 */
public record Explanation(String matchedPattern, String likelyCause, String whatToCheck, List<String> nextCommands) {

    public Explanation {
        nextCommands = List.copyOf(nextCommands);
    }
}
