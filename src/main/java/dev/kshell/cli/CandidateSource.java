package dev.kshell.cli;

import dev.kshell.grammar.ArgKind;
import org.jline.reader.Candidate;

import java.util.List;
import java.util.Optional;

/**
 * Completion values of some {@link ArgKind}s that only another part knows, e.g. the sandbox's scenario names and
 * its nodes' states (cli/ may not import sandbox/). A registered command that implements this is asked first; an
 * empty answer lets the completer fall back to the cached snapshot.
 */
public interface CandidateSource {

    /**
     * @param word the word typed so far
     * @return the candidates of {@code kind} starting with {@code word}, or empty when this source has nothing to
     *         say about {@code kind} right now
     */
    Optional<List<Candidate>> candidates(ArgKind kind, String word);
}
