package dev.kshell.cli;

import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.TopicState;
import dev.kshell.session.ShellSession;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.springframework.shell.core.command.CommandOption;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Tab completion: command names (two-word ones too), the command's options, and values from the session's cached
 * snapshot. Never calls the cluster and never throws: a failure only means fewer candidates.
 */
public final class KshellCompleter implements Completer {

    /** Options whose value is a topic name. */
    private static final Set<String> TOPIC_OPTIONS = Set.of("topic");

    private final CommandLineParser parser;
    private final ShellSession session;

    public KshellCompleter(CommandLineParser parser, ShellSession session) {
        this.parser = parser;
        this.session = session;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        try {
            candidates.addAll(candidates(line.words(), line.wordIndex()));
        } catch (RuntimeException e) {
            // completion must never break the line being typed
        }
    }

    /** Candidates for the word at {@code index} of {@code words} (the word being typed may be partial). */
    public List<Candidate> candidates(List<String> words, int index) {
        List<String> before = words.subList(0, Math.min(index, words.size()));
        Optional<KshellCommand> command = parser.find(before);
        List<Candidate> out = new ArrayList<>();
        if (command.isEmpty()) {
            // Still typing the command name: offer the next word of every command that matches so far.
            Set<String> seen = new HashSet<>();
            for (KshellCommand c : parser.commands()) {
                if (c.isHidden()) {
                    continue;
                }
                for (String name : CommandLineParser.names(c)) {
                    String[] parts = name.split(" ");
                    if (parts.length > before.size() && List.of(parts).subList(0, before.size()).equals(before)
                            && seen.add(parts[before.size()])) {
                        boolean complete = parts.length == before.size() + 1;
                        out.add(new Candidate(parts[before.size()], parts[before.size()], c.getGroup(),
                                complete ? c.getDescription() : null, null, null, complete));
                    }
                }
            }
            return out;
        }
        KshellCommand c = command.get();
        String previous = before.isEmpty() ? "" : before.get(before.size() - 1);
        Optional<CommandOption> valueOf = allOptions(c).stream()
                .filter(o -> o.type() != Boolean.class && o.isOptionEqual(previous)).findFirst();
        if (valueOf.isPresent()) {
            if (TOPIC_OPTIONS.contains(valueOf.get().longName())) {
                topics().forEach(t -> out.add(new Candidate(t)));
            } else if (valueOf.get().longName().equals("output")) {
                out.add(new Candidate("table"));
                out.add(new Candidate("json"));
            }
            return out;
        }
        for (CommandOption o : allOptions(c)) {
            if (!before.contains("--" + o.longName())) {
                out.add(new Candidate("--" + o.longName(), "--" + o.longName(), "options", o.description(), null, null, true));
            }
        }
        if (c.getName().equals("describe")) {
            topics().forEach(t -> out.add(new Candidate(t)));
        }
        if (c.getName().equals("help")) {
            parser.commands().stream().filter(k -> !k.isHidden()).forEach(k -> out.add(new Candidate(k.getName().split(" ")[0])));
        }
        return out;
    }

    private static List<CommandOption> allOptions(KshellCommand c) {
        List<CommandOption> all = new ArrayList<>(c.getOptions());
        all.addAll(CommandLineParser.COMMON_OPTIONS);
        return all;
    }

    private List<String> topics() {
        return session.lastSnapshot().map(ClusterSnapshot::topics).orElse(List.of()).stream().map(TopicState::name).toList();
    }
}
