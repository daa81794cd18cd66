package dev.kshell.cli;

import dev.kshell.cli.CompletionValues.Kind;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.session.KshellHome;
import dev.kshell.session.ShellSession;
import org.jline.reader.Candidate;
import org.jline.reader.Completer;
import org.jline.reader.LineReader;
import org.jline.reader.ParsedLine;
import org.springframework.shell.core.command.CommandOption;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Tab completion: command names (two-word ones too), the command's options, and values from the session's cached
 * snapshot. Never calls the cluster and never throws: a failure only means fewer candidates.
 *
 * <p>Which values a word takes is found generically, so that new commands complete without changes here: first by
 * the option's name ({@code --topic}, {@code --partition}, {@code --broker}, {@code --profile} ...), then by the
 * placeholder the command's synopsis shows at that place ({@code describe TOPIC}, {@code sandbox kill-broker N},
 * {@code run FILE.ksh}, {@code lint FILE...}). A few commands add intent: {@code elect unclean} offers only
 * partitions that are unclean-only, {@code elect preferred} only partitions not on their preferred leader, and
 * {@code watch} completes the command it re-runs.
 */
public final class KshellCompleter implements Completer {

    private final CommandLineParser parser;
    private final ShellSession session;
    private final Supplier<Path> home;
    private final Runnable onUse;

    public KshellCompleter(CommandLineParser parser, ShellSession session) {
        this(parser, session, KshellHome::dir, () -> { });
    }

    /**
     * @param home  kshell's home (profiles.yaml)
     * @param onUse called on every completion request, e.g. to start a background snapshot refresh; must not block
     */
    public KshellCompleter(CommandLineParser parser, ShellSession session, Supplier<Path> home, Runnable onUse) {
        this.parser = parser;
        this.session = session;
        this.home = home;
        this.onUse = onUse;
    }

    @Override
    public void complete(LineReader reader, ParsedLine line, List<Candidate> candidates) {
        try {
            onUse.run();
        } catch (RuntimeException e) {
            // a refresh that cannot start is no reason to lose completion
        }
        try {
            candidates.addAll(candidates(line.words(), line.wordIndex()));
        } catch (RuntimeException | LinkageError e) {
            // completion must never break the line being typed
        }
    }

    /** Candidates for the word at {@code index} of {@code words} (the word being typed may be partial). */
    public List<Candidate> candidates(List<String> words, int index) {
        String word = index < words.size() ? words.get(index) : "";
        List<String> before = List.copyOf(words.subList(0, Math.min(index, words.size())));
        List<Candidate> out = complete(before, word);
        out.removeIf(c -> !c.value().startsWith(word));
        return out;
    }

    /** Just the candidate values (for the one-shot {@code __complete} command and tests). */
    public List<String> values(List<String> words, int index) {
        return candidates(words, index).stream().map(Candidate::value).distinct().toList();
    }

    private List<Candidate> complete(List<String> before, String word) {
        Optional<KshellCommand> found = parser.find(before);
        if (found.isEmpty()) {
            return commandNames(before, false);
        }
        KshellCommand c = found.get();
        List<String> args = before.subList(nameLength(c, before), before.size());
        if (c.getName().equals("help")) {
            return commandNames(args, false);
        }
        if (c.getName().equals("watch")) {
            return watch(c, args, word);
        }
        return forCommand(c, args, word);
    }

    /** Completion after {@code watch [options]}: then the command being watched, completed as itself. */
    private List<Candidate> watch(KshellCommand watch, List<String> args, String word) {
        Map<String, CommandOption> options = optionsByName(watch);
        int i = 0;
        while (i < args.size() && args.get(i).startsWith("-")) {
            CommandOption o = lookup(options, args.get(i));
            i += o != null && o.type() != Boolean.class && !args.get(i).contains("=") ? 2 : 1;
        }
        if (i < args.size()) {
            List<String> inner = args.subList(i, args.size());
            Optional<KshellCommand> innerCommand = parser.find(inner);
            if (innerCommand.isEmpty()) {
                return commandNames(inner, true);
            }
            return forCommand(innerCommand.get(), inner.subList(nameLength(innerCommand.get(), inner), inner.size()), word);
        }
        if (!word.startsWith("-")) {
            String previous = args.isEmpty() ? "" : args.get(args.size() - 1);
            CommandOption o = lookup(options, previous);
            if (o != null && o.type() != Boolean.class) {
                return values(optionKind(watch, o.longName()), word);
            }
            return commandNames(List.of(), true);
        }
        return forCommand(watch, args, word);
    }

    private List<Candidate> forCommand(KshellCommand c, List<String> args, String word) {
        Map<String, CommandOption> options = optionsByName(c);
        // --topic=ord<TAB>
        if (word.startsWith("--") && word.contains("=")) {
            String name = word.substring(0, word.indexOf('='));
            CommandOption o = lookup(options, name);
            if (o == null || o.type() == Boolean.class) {
                return new ArrayList<>();
            }
            String prefix = name + "=";
            List<Candidate> out = new ArrayList<>();
            for (Candidate v : values(optionKind(c, o.longName()), word.substring(prefix.length()))) {
                out.add(new Candidate(prefix + v.value(), v.displ(), v.group(), v.descr(), null, null, v.complete()));
            }
            return out;
        }
        String previous = args.isEmpty() ? "" : args.get(args.size() - 1);
        CommandOption valueOf = lookup(options, previous);
        if (valueOf != null && valueOf.type() != Boolean.class && !previousIsValue(options, args)) {
            return values(optionKind(c, valueOf.longName()), word);
        }
        if (word.startsWith("-")) {
            return options(c, args);
        }
        Kind kind = positionalKind(c, positionalCount(options, args));
        if (kind == Kind.NONE) {
            return options(c, args);
        }
        List<Candidate> out = values(kind, word);
        out.removeIf(v -> v.complete() && args.contains(v.value())); // elect unclean a-0 b-0 <TAB>: not a-0 again
        return out;
    }

    /** True when the last word is itself the value of the option before it ({@code --topic --x}: never). */
    private static boolean previousIsValue(Map<String, CommandOption> options, List<String> args) {
        int i = 0;
        boolean lastWasValue = false;
        while (i < args.size()) {
            CommandOption o = args.get(i).startsWith("-") ? lookup(options, args.get(i)) : null;
            if (o != null && o.type() != Boolean.class && !args.get(i).contains("=") && i + 1 < args.size()) {
                i += 2;
                lastWasValue = i == args.size();
            } else {
                i++;
                lastWasValue = false;
            }
        }
        return lastWasValue;
    }

    private static int positionalCount(Map<String, CommandOption> options, List<String> args) {
        int count = 0;
        boolean onlyArguments = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (!onlyArguments && a.equals("--")) {
                onlyArguments = true;
            } else if (!onlyArguments && a.startsWith("-") && !a.matches("-\\d.*") && !a.equals("-")) {
                CommandOption o = lookup(options, a);
                if (o != null && o.type() != Boolean.class && !a.contains("=")) {
                    i++;
                }
            } else {
                count++;
            }
        }
        return count;
    }

    private List<Candidate> options(KshellCommand c, List<String> args) {
        List<Candidate> out = new ArrayList<>();
        for (CommandOption o : allOptions(c)) {
            String flag = "--" + o.longName();
            if (!args.contains(flag) && !o.longName().equals("help")) {
                out.add(new Candidate(flag, flag, "options", o.description(), null, null, true));
            }
        }
        return out;
    }

    /** The next word of every visible command whose name starts with {@code typed}. */
    private List<Candidate> commandNames(List<String> typed, boolean watchableOnly) {
        List<Candidate> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (KshellCommand c : parser.commands()) {
            if (c.isHidden() || (watchableOnly && Watchable.refusal(c) != null)) {
                continue;
            }
            for (String name : CommandLineParser.names(c)) {
                String[] parts = name.split(" ");
                if (parts.length > typed.size() && List.of(parts).subList(0, typed.size()).equals(typed)
                        && seen.add(parts[typed.size()])) {
                    boolean complete = parts.length == typed.size() + 1;
                    out.add(new Candidate(parts[typed.size()], parts[typed.size()], c.getGroup(),
                            complete ? c.getDescription() : null, null, null, complete));
                }
            }
        }
        return out;
    }

    private List<Candidate> values(Kind kind, String word) {
        ClusterSnapshot s = session.lastSnapshot().orElse(null);
        Set<Integer> live = s == null ? Set.of() : s.liveBrokerIds();
        return switch (kind) {
            case TOPIC -> CompletionValues.topics(s, word);
            case UNCLEAN_TOPIC -> CompletionValues.topicsWith(s, CompletionValues.uncleanOnly(live), live, word);
            case UNPREFERRED_TOPIC -> CompletionValues.topicsWith(s, CompletionValues.notOnPreferredLeader(live), live, word);
            case PARTITION -> CompletionValues.partitions(s, p -> true, word, null);
            case UNCLEAN_PARTITION -> CompletionValues.partitions(s, CompletionValues.uncleanOnly(live), word, "unclean-only");
            case UNPREFERRED_PARTITION -> CompletionValues.partitions(s, CompletionValues.notOnPreferredLeader(live), word,
                    "not on its preferred leader");
            case BROKER -> CompletionValues.brokers(s, false, word);
            case LIVE_BROKER -> CompletionValues.brokers(s, true, word);
            case CONTROLLER -> CompletionValues.controllers(s, word);
            case NODE -> {
                List<Candidate> all = new ArrayList<>(CompletionValues.controllers(s, word));
                all.addAll(CompletionValues.brokers(s, false, word));
                yield all;
            }
            case CONFIG_KEY -> CompletionValues.configKeys(word);
            case PROFILE -> CompletionValues.profiles(home.get(), word);
            case KSH_FILE -> CompletionValues.files(word, name -> name.endsWith(".ksh"));
            case FILE -> CompletionValues.files(word, name -> true);
            case COMMAND -> commandNames(List.of(), false);
            case OUTPUT_FORMAT -> new ArrayList<>(List.of(new Candidate("table"), new Candidate("json")));
            case DURATION -> new ArrayList<>(List.of(new Candidate("5s"), new Candidate("10s"), new Candidate("30s"),
                    new Candidate("1m")));
            case NONE -> new ArrayList<>();
        };
    }

    /** The kind of value an option takes: by its name, then by the synopsis's placeholder for it. */
    static Kind optionKind(KshellCommand c, String option) {
        String command = c.getName();
        Kind byName = switch (option) {
            case "topic", "topics" -> command.equals("elect unclean") ? Kind.UNCLEAN_TOPIC
                    : command.equals("elect preferred") ? Kind.UNPREFERRED_TOPIC : Kind.TOPIC;
            case "partition", "partitions" -> command.equals("elect unclean") ? Kind.UNCLEAN_PARTITION
                    : command.equals("elect preferred") ? Kind.UNPREFERRED_PARTITION : Kind.PARTITION;
            case "broker", "brokers", "broker-id" -> Kind.BROKER;
            case "controller", "controllers", "controller-id" -> Kind.CONTROLLER;
            case "node", "node-id" -> Kind.NODE;
            case "profile" -> Kind.PROFILE;
            case "output" -> Kind.OUTPUT_FORMAT;
            case "config", "config-key", "key", "property" -> Kind.CONFIG_KEY;
            case "command-config", "file", "transcript", "config-file", "properties", "sandbox-dir" -> Kind.FILE;
            case "interval", "timeout", "deadline", "every" -> Kind.DURATION;
            default -> null;
        };
        if (byName != null) {
            return byName;
        }
        String placeholder = Synopsis.of(c).optionValues().get(option);
        return placeholder == null ? Kind.NONE : placeholderKind(placeholder, command);
    }

    /** The kind of the positional argument at {@code index}: the synopsis's placeholder, sharpened by intent. */
    static Kind positionalKind(KshellCommand c, int index) {
        String command = c.getName();
        List<String> positional = Synopsis.of(c).positional();
        Kind fromSynopsis = Kind.NONE;
        if (!positional.isEmpty()) {
            String placeholder = index < positional.size() ? positional.get(index)
                    : positional.get(positional.size() - 1).endsWith("...") ? positional.get(positional.size() - 1) : null;
            fromSynopsis = placeholder == null ? Kind.NONE : placeholderKind(placeholder, command);
        }
        boolean partitionsOrUnknown = fromSynopsis == Kind.PARTITION || positional.isEmpty();
        if (command.equals("elect unclean") && partitionsOrUnknown) {
            return Kind.UNCLEAN_PARTITION;
        }
        if (command.equals("elect preferred") && partitionsOrUnknown) {
            return Kind.UNPREFERRED_PARTITION;
        }
        if (fromSynopsis == Kind.NONE && positional.isEmpty()) {
            return switch (command) {
                case "describe" -> Kind.TOPIC;
                case "connect" -> Kind.PROFILE;
                case "run" -> index == 0 ? Kind.KSH_FILE : Kind.NONE;
                case "lint" -> Kind.FILE;
                default -> Kind.NONE;
            };
        }
        return fromSynopsis;
    }

    /** What a synopsis placeholder ({@code TOPIC}, {@code N}, {@code FILE.ksh}, {@code [PROFILE]}) stands for. */
    static Kind placeholderKind(String placeholder, String command) {
        String p = placeholder.replaceAll("[\\[\\]{}<>]", "").replaceAll("\\.\\.\\.$", "").replaceAll(",$", "")
                .toUpperCase(java.util.Locale.ROOT);
        String name = command.toLowerCase(java.util.Locale.ROOT);
        if (p.contains("PARTITION")) {
            return Kind.PARTITION;
        }
        if (p.contains("TOPIC")) {
            return Kind.TOPIC;
        }
        if (p.endsWith(".KSH") || p.contains("RUNBOOK")) {
            return Kind.KSH_FILE;
        }
        if (p.contains("PROFILE")) { // before FILE: PROFILE contains it
            return Kind.PROFILE;
        }
        if (p.contains("FILE") || p.contains("PATH") || p.endsWith(".PROPERTIES") || p.equals("DIR")) {
            return Kind.FILE;
        }
        if (p.contains("COMMAND")) {
            return Kind.COMMAND;
        }
        if (p.equals("KEY") || p.contains("CONFIG")) {
            return Kind.CONFIG_KEY;
        }
        if (p.equals("DURATION") || p.matches("\\d+(MS|S|M|H)")) {
            return Kind.DURATION;
        }
        if (p.contains("CONTROLLER")) {
            return Kind.CONTROLLER;
        }
        if (p.contains("BROKER")) {
            return Kind.BROKER;
        }
        if (p.equals("N") || p.equals("ID") || p.equals("NODE") || p.equals("NODE-ID")) {
            if (name.contains("controller")) {
                return Kind.CONTROLLER;
            }
            if (name.contains("broker")) {
                // Starting takes any broker (a stopped one is usually what you want); stopping or killing, a live one.
                return name.contains("start") ? Kind.BROKER : Kind.LIVE_BROKER;
            }
            return Kind.NODE;
        }
        return Kind.NONE;
    }

    /** A command's synopsis read for placeholders: option value names and positional arguments, in order. */
    record Synopsis(Map<String, String> optionValues, List<String> positional) {

        static Synopsis of(KshellCommand c) {
            Map<String, String> optionValues = new LinkedHashMap<>();
            List<String> positional = new ArrayList<>();
            String synopsis = c.synopsis() == null ? "" : c.synopsis();
            List<String> tokens = new ArrayList<>(List.of(synopsis.trim().split("\\s+")));
            int skip = Math.min(c.getName().split(" ").length, tokens.size());
            Map<String, CommandOption> options = optionsByName(c);
            for (int i = skip; i < tokens.size(); i++) {
                String raw = tokens.get(i);
                String bare = raw.replaceAll("^[\\[(<]+", "").replaceAll(">+$", "");
                if (bare.isEmpty() || bare.equals("|") || bare.equals("]")) {
                    continue;
                }
                if (bare.startsWith("-")) {
                    String name = bare.replaceAll("[\\])|]+$", "").replaceAll("=.*$", "").replaceFirst("^-+", "");
                    CommandOption o = options.get(name);
                    boolean flag = (o != null && o.type() == Boolean.class) || raw.endsWith("]") || raw.endsWith("|");
                    if (!flag && i + 1 < tokens.size() && !tokens.get(i + 1).matches("^[\\[(|-].*")) {
                        optionValues.put(name, tokens.get(++i).replaceAll("[\\])|]+$", ""));
                    }
                    continue;
                }
                if (bare.matches("[A-Za-z].*") && !bare.equals(bare.toLowerCase(java.util.Locale.ROOT))
                        || bare.matches(".*\\.(ksh|properties)\\]?(\\.\\.\\.)?$")) {
                    positional.add(bare.replaceAll("[\\])|]+$", "").replaceAll("\\](\\.\\.\\.)$", "$1"));
                }
            }
            return new Synopsis(optionValues, positional);
        }
    }

    private static int nameLength(KshellCommand c, List<String> words) {
        int best = 1;
        for (String name : CommandLineParser.names(c)) {
            String[] parts = name.split(" ");
            if (parts.length <= words.size() && List.of(parts).equals(words.subList(0, parts.length))) {
                best = Math.max(best, parts.length);
            }
        }
        return Math.min(best, words.size());
    }

    private static Map<String, CommandOption> optionsByName(KshellCommand c) {
        Map<String, CommandOption> all = new LinkedHashMap<>();
        for (CommandOption o : allOptions(c)) {
            all.put(o.longName(), o);
        }
        return all;
    }

    private static CommandOption lookup(Map<String, CommandOption> options, String token) {
        if (token == null || !token.startsWith("-")) {
            return null;
        }
        String name = token.contains("=") ? token.substring(0, token.indexOf('=')) : token;
        for (CommandOption o : options.values()) {
            if (o.isOptionEqual(name)) {
                return o;
            }
        }
        return null;
    }

    private static List<CommandOption> allOptions(KshellCommand c) {
        List<CommandOption> all = new ArrayList<>(c.getOptions());
        all.addAll(CommandLineParser.COMMON_OPTIONS);
        return all;
    }
}
