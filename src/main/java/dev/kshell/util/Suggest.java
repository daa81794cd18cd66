package dev.kshell.util;


import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" for keys and names: the closest candidate by edit distance, if close enough to be a typo. */
public final class Suggest {

    /**
     * No suggestion for a word longer than this: a typo is a few characters off a real name, and a word this long
     * is a pasted line, not a misspelt name. Measured against every name at full length, a 2 MB line took 40 s
     * before the REPL called it unknown.
     */
    public static final int LONGEST_TYPO = 100;

    private Suggest() {
    }

    /**
     * The candidate nearest to {@code given}, ignoring case and treating {@code .} and {@code _} as {@code -};
     * present only when the distance is small for the length, or one contains the other; never for a word longer
     * than {@link #LONGEST_TYPO}.
     */
    public static Optional<String> closest(String given, Collection<String> candidates) {
        if (given.length() > LONGEST_TYPO) {
            return Optional.empty();
        }
        String g = norm(given);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String c : candidates) {
            String n = norm(c);
            int d = EditDistance.between(g, n);
            if (d < bestDistance) {
                best = c;
                bestDistance = d;
            }
        }
        if (best == null) {
            return Optional.empty();
        }
        String b = norm(best);
        // A typo changes a few characters, never the whole word ("x" is not a misspelling of "a").
        int allowed = Math.max(1, Math.min(g.length(), b.length()) / 3);
        boolean typo = bestDistance <= allowed && bestDistance < Math.max(g.length(), b.length());
        boolean contains = g.length() >= 4 && (b.contains(g) || g.contains(b));
        return typo || contains ? Optional.of(best) : Optional.empty();
    }

    private static String norm(String s) {
        return s.toLowerCase(Locale.ROOT).replace('.', '-').replace('_', '-');
    }
}
