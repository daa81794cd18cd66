package dev.kshell.cli;

import dev.kshell.render.Safe;

import dev.kshell.cli.CompletionValues.NodeFilter;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Positional;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.StateStore;
import dev.kshell.memory.TemporaryChanges;
import dev.kshell.model.TemporaryChange;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Tab completion, read entirely from the commands' declarations ({@link CommandSpec}): command names (two-word
 * ones too), the command's options, and for each option value or positional argument the candidates of its
 * {@link ArgKind}, from the session's cached snapshot, a {@link CandidateSource} command (the sandbox), the state
 * store or the file system. No command is named here. Never calls the cluster and never throws: a failure means
 * fewer candidates and a line in the log.
 */
public final class KshellCompleter implements Completer {

    private static final Logger LOG = LoggerFactory.getLogger(KshellCompleter.class);

    /** Gap between a candidate and its description in the list. */
    private static final int DESCRIPTION_GAP = 2;

    private final CommandLineParser parser;
    private final ShellSession session;
    private final Supplier<Path> home;
    private final Supplier<Path> stateDir;
    private final Runnable onUse;

    public KshellCompleter(CommandLineParser parser, ShellSession session) {
        this(parser, session, KshellHome::dir, () -> { });
    }

    /**
     * @param home  kshell's home (profiles.yaml, state/)
     * @param onUse called on every completion request, e.g. to start a background snapshot refresh; must not block
     *              for long (a hook that waits for a first snapshot bounds its own wait)
     */
    public KshellCompleter(CommandLineParser parser, ShellSession session, Supplier<Path> home, Runnable onUse) {
        this(parser, session, home, () -> home.get().resolve("state"), onUse);
    }

    /** As above, with the state directory apart from the home (a sandbox session keeps its own: KshellHome#state). */
    public KshellCompleter(CommandLineParser parser, ShellSession session, Supplier<Path> home, Supplier<Path> stateDir,
                           Runnable onUse) {
        this.parser = parser;
        this.session = session;
        this.home = home;
        this.stateDir = stateDir;
        this.onUse = onUse;
    }

    /**
     * The line editor's completion behaviour. JLine's AUTO_MENU makes the second Tab on an ambiguous word enter the
     * menu and insert its first entry ({@code elect <Tab><Tab>} became {@code elect preferred}); without it a second
     * Tab lists the choices again, as bash does, and nothing is inserted that the operator did not pick.
     */
    public static void configure(LineReader reader) {
        reader.unsetOpt(LineReader.Option.AUTO_MENU);
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        try {
            onUse.run();
        } catch (RuntimeException e) {
            LOG.warn("completion: the snapshot refresh did not start: {}", e.toString());
        }
        try {
            candidates.addAll(aligned(candidates(line.words(), line.wordIndex())));
        } catch (RuntimeException | LinkageError e) {
            // completion must never break the line being typed; the log keeps what went wrong
            LOG.warn("completion failed for '{}'", line.line(), e);
        }
    }

    /** Candidates for the word at {@code index} of {@code words} (the word being typed may be partial). */
    public List<Candidate> candidates(List<String> words, int index) {
        String word = index < words.size() ? words.get(index) : "";
        List<String> before = List.copyOf(words.subList(0, Math.min(index, words.size())));
        List<Candidate> out = completeLine(before, word, c -> true);
        out.removeIf(c -> !c.value().startsWith(word));
        return out;
    }

    /** Just the candidate values (for the one-shot {@code __complete} command and tests). */
    public List<String> values(List<String> words, int index) {
        return candidates(words, index).stream().map(Candidate::value).distinct().toList();
    }

    /** A command line: its name first, then what its declaration says the word is. */
    private List<Candidate> completeLine(List<String> before, String word, Predicate<KshellCommand> allowed) {
        Optional<CommandGrammar.Match<KshellCommand>> match = parser.grammar().find(before);
        if (match.isEmpty() || !allowed.test(match.get().entry().command())) {
            return commandNames(before, allowed);
        }
        CommandSpec syntax = match.get().spec();
        return forCommand(syntax, before.subList(match.get().nameLength(), before.size()), word);
    }

    private List<Candidate> forCommand(CommandSpec syntax, List<String> args, String word) {
        List<OptionSpec> allowed = syntax.allOptions();
        CommandGrammar.Walk walk = CommandGrammar.walk(syntax, allowed, args);
        if (walk.awaitingValue() != null && !word.startsWith("--")) {
            OptionSpec o = walk.awaitingValue();
            return values(o.kind(), o.choices(), word, List.of());
        }
        if (!walk.optionsEnded() && word.startsWith("--") && word.contains("=")) { // --topic=ord<TAB>
            String name = word.substring(0, word.indexOf('='));
            OptionSpec o = CommandGrammar.lookup(allowed, name);
            if (o == null || !o.takesValue()) {
                return new ArrayList<>();
            }
            List<Candidate> out = new ArrayList<>();
            for (Candidate v : values(o.kind(), o.choices(), word.substring(name.length() + 1), List.of())) {
                out.add(new Candidate(name + "=" + v.value(), name + "=" + v.displ(), v.group(), v.descr(), null, null,
                        v.complete()));
            }
            return out;
        }
        if (!walk.optionsEnded() && word.startsWith("-") || walk.awaitingValue() != null) {
            return options(allowed, walk);
        }
        Positional next = syntax.argumentAt(walk.arguments().size());
        if (next == null) {
            return walk.optionsEnded() ? new ArrayList<>() : options(allowed, walk);
        }
        List<String> sameArgument = walk.arguments().subList(Math.max(0, syntax.firstIndexOf(next)), walk.arguments().size());
        return values(next.kind(), next.choices(), word, sameArgument);
    }

    /** Every option not given yet ({@code --help} too: it is what a newcomer looks for). */
    private static List<Candidate> options(List<OptionSpec> allowed, CommandGrammar.Walk walk) {
        List<Candidate> out = new ArrayList<>();
        for (OptionSpec o : allowed) {
            if (!walk.options().containsKey(o.name())) {
                String flag = "--" + o.name();
                out.add(new Candidate(flag, flag, "options", o.description(), null, null, true));
            }
        }
        return out;
    }

    /** The next word of every visible, allowed command whose name starts with {@code typed}. */
    private List<Candidate> commandNames(List<String> typed, Predicate<KshellCommand> allowed) {
        List<Candidate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (CommandGrammar.Entry<KshellCommand> entry : parser.grammar().entries()) {
            if (entry.spec().hidden() || !allowed.test(entry.command())) {
                continue;
            }
            for (String name : entry.spec().names()) {
                List<String> parts = List.of(name.split(" "));
                if (parts.size() > typed.size() && parts.subList(0, typed.size()).equals(typed)
                        && seen.add(parts.get(typed.size()))) {
                    boolean complete = parts.size() == typed.size() + 1;
                    out.add(new Candidate(parts.get(typed.size()), parts.get(typed.size()), entry.command().spec().group().title(),
                            complete ? entry.command().spec().description() : null, null, null, complete));
                }
            }
        }
        return out;
    }

    /**
     * The candidates of one kind. {@code given} are the words this argument already took (a repeating argument
     * does not offer them again; a command name or command line continues from them).
     */
    private List<Candidate> values(ArgKind kind, List<String> choices, String word, List<String> given) {
        for (KshellCommand c : parser.commands()) {
            if (c instanceof CandidateSource source) {
                Optional<List<Candidate>> answer = source.candidates(kind, word);
                if (answer.isPresent()) {
                    return without(new ArrayList<>(answer.get()), given);
                }
            }
        }
        ClusterSnapshot s = session.lastSnapshot().orElse(null);
        Set<Integer> live = s == null ? Set.of() : s.liveBrokerIds();
        List<Candidate> out = switch (kind) {
            case TEXT, FLAG, INTEGER, WORDS, SCENARIO -> new ArrayList<>();
            case GROUP -> CompletionValues.groups(session.groupNames().map(ShellSession.GroupNames::ids)
                    .orElse(List.of()), word);
            case ENDPOINT -> new ArrayList<>(); // the controller's own listener: the quorum's plan names it
            case CHOICE -> CompletionValues.fixed(choices, "values", null, word);
            case DURATION -> CompletionValues.fixed(List.of("5s", "10s", "30s", "1m", "5m"), "durations", null, word);
            case TOPIC -> CompletionValues.topics(s, word);
            case UNCLEAN_TOPIC -> CompletionValues.topicsWith(s, CompletionValues.uncleanOnly(live), live, word);
            case OFF_PREFERRED_TOPIC -> CompletionValues.topicsWith(s, CompletionValues.notOnPreferredLeader(live), live, word);
            case PARTITION -> CompletionValues.partitions(s, p -> true, word, null);
            case UNCLEAN_PARTITION -> CompletionValues.partitions(s, CompletionValues.uncleanOnly(live), word, "unclean-only");
            case OFF_PREFERRED_PARTITION -> CompletionValues.partitions(s, CompletionValues.notOnPreferredLeader(live), word,
                    "not on its preferred leader");
            case REORDERED_PARTITION -> CompletionValues.fixed(reordered(s), "partitions", "replica order changed by kshell", word);
            case BROKER_ID -> CompletionValues.brokers(s, NodeFilter.ANY, word);
            case LIVE_BROKER_ID -> CompletionValues.brokers(s, NodeFilter.LIVE, word);
            case STOPPED_BROKER_ID -> CompletionValues.brokers(s, NodeFilter.STOPPED, word);
            // A real cluster's snapshot cannot tell a stopped controller from a slow one: offer every voter.
            case CONTROLLER_ID, LIVE_CONTROLLER_ID, STOPPED_CONTROLLER_ID -> CompletionValues.controllers(s, word);
            case NODE_ID, LIVE_NODE_ID, STOPPED_NODE_ID -> {
                List<Candidate> all = new ArrayList<>(CompletionValues.controllers(s, word));
                all.addAll(CompletionValues.brokers(s, kind == ArgKind.LIVE_NODE_ID ? NodeFilter.LIVE
                        : kind == ArgKind.STOPPED_NODE_ID ? NodeFilter.STOPPED : NodeFilter.ANY, word));
                yield all;
            }
            case CONFIG_KEY -> CompletionValues.configKeys(word);
            case TOPIC_CONFIG_KEY, TOPIC_CONFIG_SETTING, BROKER_CONFIG_KEY, BROKER_CONFIG_SETTING ->
                    CompletionValues.configKeys(word, kind == ArgKind.TOPIC_CONFIG_KEY
                            || kind == ArgKind.TOPIC_CONFIG_SETTING, kind == ArgKind.TOPIC_CONFIG_SETTING
                            || kind == ArgKind.BROKER_CONFIG_SETTING);
            case TEMPORARY_CHANGE -> CompletionValues.fixed(temporary(s), "temporary config changes",
                    "configs revert / keep", word);
            case PROFILE -> CompletionValues.profiles(home.get(), word);
            case KSH_FILE -> CompletionValues.files(word, name -> name.endsWith(".ksh"));
            case PROPERTIES_FILE -> CompletionValues.files(word, name -> name.endsWith(".properties"));
            case FILE -> CompletionValues.files(word, name -> true);
            case DIRECTORY -> CompletionValues.files(word, name -> false);
            case COMMAND -> commandNames(given, c -> true);
            case COMMAND_LINE -> completeLine(given, word, c -> true);
            case READ_COMMAND_LINE -> completeLine(given, word, KshellCompleter::readsCluster);
        };
        return kind == ArgKind.COMMAND || kind.endsOptions() ? out : without(out, given);
    }

    /**
     * What completion offers after {@code watch}: watchable commands that read a cluster (not the session's own
     * {@code status}, nor the sandbox's node table).
     */
    static boolean readsCluster(KshellCommand c) {
        Group group = c.spec().group();
        return c.is(Trait.WATCHABLE) && group != Group.SESSION && group != Group.SANDBOX;
    }

    /** Partitions whose replica order kshell changed and has not restored (the state store's reorder records). */
    private List<String> reordered(ClusterSnapshot s) {
        if (s == null || s.clusterId() == null) {
            return List.of();
        }
        StateStore.Loaded loaded = new StateStore(stateDir.get()).load(s.clusterId());
        if (loaded.warning() != null) {
            LOG.warn("completion: {}", loaded.warning());
        }
        return List.copyOf(loaded.memory().reorders().keySet());
    }

    /** The ids of the temporary config changes kshell remembers for the session's cluster (the state directory). */
    private List<String> temporary(ClusterSnapshot s) {
        if (s == null || s.clusterId() == null) {
            return List.of();
        }
        TemporaryChanges.Read read = new TemporaryChanges(stateDir.get()).read(s.clusterId());
        return read.changes().stream().map(TemporaryChange::id).toList();
    }

    /** elect unclean a-0 b-0 <TAB>: not a-0 again. */
    private static List<Candidate> without(List<Candidate> out, List<String> given) {
        out.removeIf(v -> v.complete() && given.contains(v.value()));
        return out;
    }

    /**
     * JLine right-aligns each description at the widest entry's edge, so that descriptions of different lengths
     * start in ragged columns. Putting the description into the display text, padded after the widest value of the
     * list, starts every description in one column; the value inserted stays the bare value.
     */
    static List<Candidate> aligned(List<Candidate> candidates) {
        int width = 0;
        for (Candidate c : candidates) {
            if (c.descr() != null) {
                width = Math.max(width, Safe.text(c.displ()).length());
            }
        }
        List<Candidate> out = new ArrayList<>(candidates.size());
        for (Candidate c : candidates) {
            // a candidate may be a name a client chose (a group id): the list shows it escaped
            if (c.descr() == null) {
                out.add(Safe.text(c.displ()).equals(c.displ()) ? c : new Candidate(c.value(), Safe.text(c.displ()),
                        c.group(), null, c.suffix(), c.key(), c.complete()));
            } else {
                String shown = Safe.text(c.displ());
                String display = shown + " ".repeat(width - shown.length() + DESCRIPTION_GAP) + Safe.text(c.descr());
                out.add(new Candidate(c.value(), display, c.group(), null, c.suffix(), c.key(), c.complete()));
            }
        }
        return out;
    }
}
