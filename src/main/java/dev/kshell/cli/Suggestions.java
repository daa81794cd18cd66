package dev.kshell.cli;

import java.util.Collection;
import java.util.Optional;

/** "Did you mean" for mistyped command and option names. */
public final class Suggestions {

    private Suggestions() {
    }

    /** The closest candidate within a small edit distance (or sharing the typed prefix), if any. */
    public static Optional<String> closest(String typed, Collection<String> candidates) {
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            if (candidate == null) {
                continue;
            }
            int d = candidate.startsWith(typed) && typed.length() >= 3 ? 1 : distance(typed, candidate);
            if (d < bestDistance) {
                bestDistance = d;
                best = candidate;
            }
        }
        int allowed = Math.max(2, typed.length() / 3);
        return bestDistance <= allowed ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Levenshtein distance. */
    static int distance(String a, String b) {
        int[] previous = new int[b.length() + 1];
        int[] current = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            previous[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            current[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                current[j] = Math.min(Math.min(current[j - 1] + 1, previous[j] + 1), previous[j - 1] + cost);
            }
            int[] swap = previous;
            previous = current;
            current = swap;
        }
        return previous[b.length()];
    }
}
