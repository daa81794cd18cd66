package dev.kshell.runbook;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** The shell's command contract as runbooks see it: names, options, which ones mutate. */
final class FakeCatalog implements CommandCatalog {

    /** Command (one or two words) -> options that take a value; flags listed separately. */
    private static final Map<String, Set<String>> VALUE_OPTIONS = Map.of(
            "triage", Set.of(),
            "leaderless", Set.of("--topic"),
            "under-min-isr", Set.of("--topic"),
            "describe", Set.of(),
            "elect preferred", Set.of("--topic"),
            "elect unclean", Set.of("--topic", "--partition"),
            "quorum", Set.of(),
            "brokers", Set.of());
    private static final Map<String, Set<String>> FLAGS = Map.of(
            "elect preferred", Set.of("--all", "--yes", "--dry-run"),
            "elect unclean", Set.of("--yes", "--dry-run", "--keep-order"));

    @Override
    public boolean isCommand(List<String> words) {
        return name(words) != null;
    }

    @Override
    public boolean isMutating(List<String> words) {
        String n = name(words);
        return n != null && n.startsWith("elect ");
    }

    @Override
    public boolean isUnclean(List<String> words) {
        return "elect unclean".equals(name(words));
    }

    @Override
    public int nameWords(List<String> words) {
        return name(words).split(" ").length;
    }

    @Override
    public Optional<String> refusedInRunbook(List<String> words) {
        // as the shell's catalog: every spelling of the yes key (RunCommandTest proves the real one)
        return words.stream().filter(w -> w.equals("-y") || w.equals("--yes") || w.startsWith("--yes=")).findFirst()
                .map(w -> "a step cannot answer its own confirmation: remove " + w + " and pass --yes to run");
    }

    @Override
    public Optional<String> checkLine(List<String> words) {
        String n = name(words);
        int start = n.split(" ").length;
        Set<String> values = VALUE_OPTIONS.get(n);
        Set<String> flags = FLAGS.getOrDefault(n, Set.of());
        int positional = 0;
        for (int i = start; i < words.size(); i++) {
            String w = words.get(i);
            if (values.contains(w)) {
                if (i + 1 >= words.size() || words.get(i + 1).startsWith("--")) {
                    return Optional.of(n + ": " + w + " needs a value");
                }
                i++;
            } else if (flags.contains(w)) {
                continue;
            } else if (w.startsWith("--")) {
                return Optional.of(n + ": unknown option " + w);
            } else {
                positional++;
            }
        }
        if (n.equals("describe") && positional != 1) {
            return Optional.of("describe: needs one TOPIC");
        }
        if (!n.equals("describe") && positional > 0) {
            return Optional.of(n + ": unexpected argument");
        }
        if (n.equals("elect preferred") && !words.contains("--all") && !words.contains("--topic")) {
            return Optional.of("elect preferred: give --all or --topic T");
        }
        return Optional.empty();
    }

    private static String name(List<String> words) {
        if (words.isEmpty()) {
            return null;
        }
        if (words.size() >= 2 && VALUE_OPTIONS.containsKey(words.get(0) + " " + words.get(1))) {
            return words.get(0) + " " + words.get(1);
        }
        return VALUE_OPTIONS.containsKey(words.get(0)) && !words.get(0).equals("elect") ? words.get(0) : null;
    }
}
