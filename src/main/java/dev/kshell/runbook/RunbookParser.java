package dev.kshell.runbook;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.runbook.ExpressionEvaluator.Compiled;
import dev.kshell.runbook.ExpressionEvaluator.InvalidExpressionException;
import dev.kshell.util.Durations;
import dev.kshell.util.EditDistance;
import dev.kshell.util.Validated;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@code .ksh} runbook into a {@link Runbook}, checking the whole file before anything runs. Never throws
 * for bad input: every problem becomes a {@link RunbookError} with its line, and all of them are returned together.
 *
 * <p>Format: one step per line; {@code #} starts a comment at the start of a line or when it stands alone as a word
 * ({@code # note}, so SpEL's {@code #root} and {@code #this} survive); a {@code \} at the end of a line continues it
 * on the next (errors name the first line). Steps are shell command lines tokenised exactly like the REPL (JLine),
 * or the directives {@code allow unclean}, {@code param}, {@code set}, {@code echo}, {@code assert},
 * {@code wait-until}, {@code confirm}. {@code ${name}} is replaced by the value of a param or set defined above.
 */
public final class RunbookParser {

    /** wait-until's default timeout, when the line has no --timeout. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    /** wait-until's default poll interval, when the line has no --every. */
    public static final Duration DEFAULT_EVERY = Duration.ofSeconds(5);

    private static final Set<String> DIRECTIVES = Set.of("allow", "param", "set", "echo", "assert", "wait-until",
            "confirm", "run");
    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]*)}");
    private static final Pattern DEFINITION = Pattern.compile("([^\\s=]+)\\s*(?:=\\s*(.*))?", Pattern.DOTALL);
    private static final Pattern ASSERT_MESSAGE = Pattern.compile(
            "(.*\\S)\\s+:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*')\\s*", Pattern.DOTALL);

    /** {@code wait-until EXPR [--timeout D] [--every D]}, declared as a command is, walked by the one grammar. */
    static final CommandSpec WAIT_UNTIL = CommandSpec.named("wait-until")
            .options(Opt.duration("timeout", "give up after this long (default 5m)").hint("D"),
                    Opt.duration("every", "re-evaluate this often on fresh state (default 5s)").hint("D"))
            .arguments(Arg.of("expr", ArgKind.TEXT, "a SpEL condition over result and cluster"));

    private final ExpressionEvaluator evaluator = new ExpressionEvaluator();

    /** A logical line: comments removed, continuations joined; {@code line} is its first physical line. */
    record LogicalLine(int line, String text) {
    }

    /**
     * @param fileName       for messages ({@code file:line: message})
     * @param text           the file's content
     * @param paramOverrides {@code --param k=v} of the run; a key the file does not declare as param is an error
     * @param catalog        the shell's commands, to check command steps
     */
    public ParseResult parse(String fileName, String text, Map<String, String> paramOverrides,
            CommandCatalog catalog) {
        String file = fileName == null ? "<runbook>" : fileName;
        Map<String, String> overrides = paramOverrides == null ? Map.of() : paramOverrides;
        State st = new State(file, overrides, catalog);
        List<LogicalLine> lines = logicalLines(text == null ? "" : text, st);
        for (LogicalLine l : lines) {
            st.definedLater.putIfAbsent(definedName(l.text()), l.line());
        }
        for (LogicalLine l : lines) {
            try {
                parseLine(l, st);
            } catch (RuntimeException e) {
                // A defect here (or in the catalog) must not hide the other errors or escape as a stack trace.
                st.error(l.line(), "cannot read this line: " + e);
            }
        }
        for (String key : overrides.keySet()) {
            if (!st.params.containsKey(key) && !st.setLines.containsKey(key)) {
                st.error(0, "--param " + key + ": no param '" + key + "' in this runbook"
                        + (st.params.isEmpty() ? "" : " (params: " + String.join(", ", st.params.keySet()) + ")"));
            }
        }
        if (!st.errors.isEmpty()) {
            // file order; errors without a line (--param keys) last
            List<RunbookError> sorted = new ArrayList<>(st.errors);
            sorted.sort(java.util.Comparator.comparingInt(e -> e.line() == 0 ? Integer.MAX_VALUE : e.line()));
            return ParseResult.failed(sorted);
        }
        return ParseResult.ok(new Runbook(file, st.steps, List.copyOf(st.params.values()), st.values,
                st.allowUnclean));
    }

    // ---- lines ---------------------------------------------------------------------------------------------

    static List<LogicalLine> logicalLines(String text, State st) {
        String[] physical = text.split("\r\n|\r|\n", -1);
        int count = physical.length;
        if (count > 0 && physical[count - 1].isEmpty()) {
            count--; // the "line" after the file's final newline
        }
        List<LogicalLine> out = new ArrayList<>();
        StringBuilder pending = null;
        int start = 0;
        for (int i = 0; i < count; i++) {
            String stripped = stripComment(physical[i]).stripTrailing();
            boolean continues = endsWithOddBackslashes(stripped);
            if (continues) {
                stripped = stripped.substring(0, stripped.length() - 1);
            }
            if (pending == null) {
                pending = new StringBuilder(stripped);
                start = i + 1;
            } else {
                pending.append(' ').append(stripped.strip());
            }
            if (!continues) {
                if (!pending.toString().isBlank()) {
                    out.add(new LogicalLine(start, pending.toString().strip()));
                }
                pending = null;
            }
        }
        if (pending != null) {
            st.error(start, "the line continues (\\) past the end of the file");
        }
        return out;
    }

    /** Removes a comment: {@code #} at the start of the line, or a {@code #} word outside quotes. */
    static String stripComment(String line) {
        char quote = 0;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\') {
                i++;
                continue;
            }
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                }
                continue;
            }
            if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '#') {
                boolean atStart = line.substring(0, i).isBlank();
                boolean aloneAsWord = i > 0 && Character.isWhitespace(line.charAt(i - 1))
                        && (i + 1 == line.length() || Character.isWhitespace(line.charAt(i + 1)));
                if (atStart || aloneAsWord) {
                    return line.substring(0, i);
                }
            }
        }
        return line;
    }

    private static boolean endsWithOddBackslashes(String s) {
        int n = 0;
        for (int i = s.length() - 1; i >= 0 && s.charAt(i) == '\\'; i--) {
            n++;
        }
        return n % 2 == 1;
    }

    private static String definedName(String text) {
        String[] parts = text.split("\\s+", 2);
        if (parts.length == 2 && (parts[0].equals("param") || parts[0].equals("set"))) {
            Matcher m = DEFINITION.matcher(parts[1].strip());
            if (m.matches()) {
                return m.group(1);
            }
        }
        return "";
    }

    // ---- one line ------------------------------------------------------------------------------------------

    private void parseLine(LogicalLine l, State st) {
        String[] parts = l.text().split("\\s+", 2);
        String keyword = parts[0];
        String rest = parts.length > 1 ? parts[1].strip() : "";
        if (!DIRECTIVES.contains(keyword)) {
            parseCommand(l, st);
            return;
        }
        switch (keyword) {
            case "allow" -> {
                if (rest.equals("unclean")) {
                    st.allowUnclean = true;
                } else {
                    st.error(l.line(), "unknown permission '" + rest + "' (the only one is: allow unclean)");
                }
            }
            case "param", "set" -> parseDefinition(l, keyword, rest, st);
            case "echo" -> words(l, rest, st).ifPresent(w -> st.steps.add(new Step.Echo(l.line(), l.text(),
                    String.join(" ", w))));
            case "confirm" -> words(l, rest, st).ifPresent(w -> {
                if (w.isEmpty() || String.join(" ", w).isBlank()) {
                    st.error(l.line(), "confirm needs a question: confirm \"Proceed?\"");
                } else {
                    st.steps.add(new Step.Confirm(l.line(), l.text(), String.join(" ", w)));
                }
            });
            case "assert" -> parseAssert(l, rest, st);
            case "wait-until" -> parseWaitUntil(l, rest, st);
            default -> st.error(l.line(), "nested 'run' is not allowed: a runbook cannot run another runbook");
        }
    }

    private void parseCommand(LogicalLine l, State st) {
        Optional<List<String>> parsed = words(l, l.text(), st);
        if (parsed.isEmpty() || parsed.get().isEmpty()) {
            return;
        }
        // Like an unquoted empty expansion in a shell, an empty word is dropped: JLine would drop it from the
        // re-quoted line anyway, and the catalog must check exactly the words the shell will see.
        List<String> words = parsed.get().stream().filter(w -> !w.isEmpty()).toList();
        if (words.isEmpty()) {
            st.error(l.line(), "the line is empty after substitution");
            return;
        }
        CommandCatalog catalog = st.catalog;
        if (catalog == null || !catalog.isCommand(words)) {
            String hint = DIRECTIVES.stream().filter(d -> !d.equals("run") && EditDistance.between(d, words.get(0)) <= 2)
                    .min(java.util.Comparator.comparingInt((String d) -> EditDistance.between(d, words.get(0)))
                            .thenComparing(d -> d))
                    .map(d -> " (did you mean the directive '" + d + "'?)").orElse("");
            st.error(l.line(), "unknown command '" + words.get(0) + "'" + hint);
            return;
        }
        Optional<String> usage = catalog.checkLine(words);
        if (usage != null && usage.isPresent()) {
            st.error(l.line(), usage.get());
        }
        // every spelling the command parser takes as --yes (--yes, --yes=true, --yes=false ...)
        if (words.stream().anyMatch(w -> w.equals("--yes") || w.startsWith("--yes="))) {
            st.error(l.line(), "a step cannot answer its own confirmation: remove --yes and pass --yes to run");
        }
        st.steps.add(new Step.Command(l.line(), l.text(), Tokenizer.join(words), words,
                catalog.isMutating(words), catalog.isUnclean(words)));
    }

    private void parseDefinition(LogicalLine l, String keyword, String rest, State st) {
        Matcher m = DEFINITION.matcher(rest);
        if (rest.isEmpty() || !m.matches()) {
            st.error(l.line(), keyword + " needs a name: " + keyword + " name = value");
            return;
        }
        String name = m.group(1);
        String rawValue = m.group(2);
        if (!ExpressionEvaluator.isValidName(name)) {
            st.error(l.line(), "bad name '" + name + "': use letters, digits and _ (not result, cluster or a SpEL "
                    + "word such as and, or, not)");
            return;
        }
        Integer earlier = st.params.containsKey(name) ? Integer.valueOf(st.params.get(name).line())
                : st.setLines.get(name);
        if (earlier != null) {
            st.error(l.line(), "'" + name + "' is already defined at line " + earlier);
            return;
        }
        String value = null;
        if (rawValue != null) {
            Optional<List<String>> w = words(l, rawValue, st);
            if (w.isEmpty()) {
                return;
            }
            if (w.get().size() != 1) {
                st.error(l.line(), w.get().isEmpty() ? keyword + " " + name + ": missing value after '='"
                        : keyword + " " + name + ": the value is " + w.get().size() + " words; quote it");
                return;
            }
            value = w.get().get(0);
        }
        if (keyword.equals("set")) {
            st.setLines.put(name, l.line());
            if (st.overrides.containsKey(name)) {
                st.error(l.line(), "--param " + name + ": '" + name + "' is set by the runbook, not a param");
            }
            if (value == null) {
                st.error(l.line(), "set " + name + " needs a value: set " + name + " = value");
                return;
            }
            st.values.put(name, value);
            return;
        }
        String override = st.overrides.get(name);
        if (value == null && override == null) {
            st.error(l.line(), "param '" + name + "' has no default: pass --param " + name + "=VALUE");
        }
        String effective = override != null ? override : value;
        st.params.put(name, new Runbook.Param(name, value, effective, l.line(), override != null));
        if (effective != null) {
            st.values.put(name, effective);
        }
    }

    private void parseAssert(LogicalLine l, String rest, State st) {
        String exprText = rest;
        String message = null;
        Matcher m = ASSERT_MESSAGE.matcher(rest);
        if (m.matches()) {
            // "expr : 'msg'" could also be the end of a ternary; take the message form when its left side compiles.
            Optional<List<String>> msg = quietWords(m.group(2));
            if (msg.isPresent() && msg.get().size() == 1
                    && (tryCompile(m.group(1), st) || !tryCompile(rest, st))) {
                exprText = m.group(1);
                message = substituteText(l, msg.get().get(0), st);
            }
        }
        Compiled expr = expression(l, exprText, st);
        if (expr != null) {
            st.steps.add(new Step.Assert(l.line(), l.text(), expr, message));
        }
    }

    private void parseWaitUntil(LogicalLine l, String rest, State st) {
        // The expression is SpEL (quotes and spaces of its own), so only the trailing option words are read as words:
        // "--name value" pairs, or a last bare "--name", counted back from the end of the line.
        String[] raw = rest.isEmpty() ? new String[0] : rest.split("\\s+");
        int tail = raw.length;
        while (tail > 0) {
            if (raw[tail - 1].startsWith("--")) {
                tail--;
            } else if (tail > 1 && raw[tail - 2].startsWith("--")) {
                tail -= 2;
            } else {
                break;
            }
        }
        String exprText = String.join(" ", List.of(raw).subList(0, tail));
        List<String> optionWords = List.of(raw).subList(tail, raw.length);
        CommandGrammar.Walk walk = CommandGrammar.walk(WAIT_UNTIL, WAIT_UNTIL.options(), optionWords);
        String takes = " (" + WAIT_UNTIL.name() + " takes " + WAIT_UNTIL.options().stream()
                .map(o -> "--" + o.name() + " D").collect(java.util.stream.Collectors.joining(" and ")) + ")";
        boolean ok = true;
        if (walk.problem() != null) {
            st.error(l.line(), "unknown option " + walk.problem() + takes);
            ok = false;
        }
        if (walk.awaitingValue() != null) {
            st.error(l.line(), "--" + walk.awaitingValue().name() + " needs a duration (e.g. 30s, 5m)");
            ok = false;
        }
        for (Map.Entry<String, List<String>> given : walk.options().entrySet()) {
            if (given.getValue().size() > 1) {
                st.error(l.line(), "--" + given.getKey() + " given twice");
                ok = false;
            }
        }
        for (OptionSpec o : WAIT_UNTIL.options()) {
            if (ok && Pattern.compile("(^|\\s)--" + o.name() + "\\b").matcher(exprText).find()) {
                st.error(l.line(), "--" + o.name() + " takes one duration, at the end of the line: " + WAIT_UNTIL.usage());
                return;
            }
        }
        Duration timeout = duration(l, "timeout", first(walk.options(), "timeout"), DEFAULT_TIMEOUT, st);
        Duration every = duration(l, "every", first(walk.options(), "every"), DEFAULT_EVERY, st);
        Compiled expr = expression(l, exprText, st);
        if (ok && expr != null && timeout != null && every != null) {
            st.steps.add(new Step.WaitUntil(l.line(), l.text(), expr, timeout, every));
        }
    }

    private static String first(Map<String, List<String>> options, String name) {
        List<String> values = options.get(name);
        return values == null ? null : values.get(0);
    }

    private Duration duration(LogicalLine l, String option, String raw, Duration fallback, State st) {
        if (raw == null) {
            return fallback;
        }
        String text = substituteText(l, raw, st);
        if (text == null) {
            return null;
        }
        // The shell's one duration parser, so that a runbook reads 1m30s exactly as --timeout does.
        Validated<Duration> d = Durations.parse(text, "--" + option);
        if (!d.isOk()) {
            st.error(l.line(), d.errors().get(0).format());
            return null;
        }
        return d.orElseThrow();
    }

    // ---- expressions ---------------------------------------------------------------------------------------

    private Compiled expression(LogicalLine l, String text, State st) {
        String substituted = substituteExpression(l, text, st);
        if (substituted == null) {
            return null;
        }
        Compiled compiled;
        try {
            compiled = evaluator.compile(substituted);
        } catch (InvalidExpressionException e) {
            st.error(l.line(), e.getMessage());
            return null;
        }
        Set<String> undefined = new TreeSet<>();
        for (String name : compiled.rootNames()) {
            if (!name.equals("result") && !name.equals("cluster") && !st.values.containsKey(name)
                    && !st.params.containsKey(name)) {
                undefined.add(name);
            }
        }
        for (String name : undefined) {
            st.error(l.line(), "undefined name '" + name + "' in expression" + laterHint(name, l.line(), st)
                    + " (known: " + known(st) + ")");
        }
        return undefined.isEmpty() ? compiled : null;
    }

    private boolean tryCompile(String text, State st) {
        try {
            String substituted = substituteExpressionQuietly(text, st);
            evaluator.compile(substituted);
            return true;
        } catch (InvalidExpressionException | RuntimeException e) {
            return false;
        }
    }

    /**
     * {@code ${name}} inside an expression: inside a string literal the value's text (quotes doubled); elsewhere a
     * literal, a number for whole-number values and a quoted string otherwise. Never raw text: a value cannot add
     * operators to the expression.
     */
    private String substituteExpression(LogicalLine l, String text, State st) {
        List<String> missing = new ArrayList<>();
        String out = substituteExpression(text, st, missing);
        for (String name : missing) {
            undefinedReference(l, name, st);
        }
        return missing.isEmpty() ? out : null;
    }

    private String substituteExpressionQuietly(String text, State st) {
        return substituteExpression(text, st, new ArrayList<>());
    }

    private static String substituteExpression(String text, State st, List<String> missing) {
        StringBuilder out = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '$' && i + 1 < text.length() && text.charAt(i + 1) == '{') {
                int end = text.indexOf('}', i + 2);
                if (end > 0) {
                    String name = text.substring(i + 2, end);
                    String value = st.values.get(name);
                    if (value == null) {
                        missing.add(name);
                    } else if (quote != 0) {
                        out.append(value.replace(String.valueOf(quote), String.valueOf(quote) + quote));
                    } else if (ExpressionEvaluator.typed(value) instanceof Long) {
                        out.append(value);
                    } else {
                        out.append('\'').append(value.replace("'", "''")).append('\'');
                    }
                    i = end;
                    continue;
                }
            }
            if (quote == 0 && (c == '\'' || c == '"')) {
                quote = c;
            } else if (quote != 0 && c == quote) {
                quote = 0; // a doubled quote closes and reopens: same result
            }
            out.append(c);
        }
        return out.toString();
    }

    // ---- words and substitution ----------------------------------------------------------------------------

    /** Tokenises like the REPL and substitutes each word; empty (with errors recorded) when that fails. */
    private Optional<List<String>> words(LogicalLine l, String text, State st) {
        List<String> raw;
        try {
            raw = Tokenizer.words(text);
        } catch (GrammarException e) {
            st.error(l.line(), e.getMessage());
            return Optional.empty();
        }
        List<String> out = new ArrayList<>(raw.size());
        boolean ok = true;
        for (String w : raw) {
            String s = substituteText(l, w, st);
            if (s == null) {
                ok = false;
            } else {
                out.add(s);
            }
        }
        return ok ? Optional.of(out) : Optional.empty();
    }

    private static Optional<List<String>> quietWords(String text) {
        try {
            return Optional.of(Tokenizer.words(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code ${name}} replaced by its value within one word; null (errors recorded) for undefined names. */
    private String substituteText(LogicalLine l, String word, State st) {
        if (!word.contains("${")) {
            return word;
        }
        if (REFERENCE.matcher(word).replaceAll("").contains("${")) {
            st.error(l.line(), "unclosed ${ in '" + word + "'");
            return null;
        }
        Matcher m = REFERENCE.matcher(word);
        StringBuilder out = new StringBuilder();
        boolean ok = true;
        while (m.find()) {
            String name = m.group(1);
            String value = st.values.get(name);
            if (value == null) {
                undefinedReference(l, name, st);
                ok = false;
                m.appendReplacement(out, "");
            } else {
                m.appendReplacement(out, Matcher.quoteReplacement(value));
            }
        }
        m.appendTail(out);
        return ok ? out.toString() : null;
    }

    private void undefinedReference(LogicalLine l, String name, State st) {
        if (!ExpressionEvaluator.isValidName(name) && !st.values.containsKey(name)) {
            st.error(l.line(), "bad reference ${" + name + "}: a name is letters, digits and _");
        } else if (st.params.containsKey(name)) {
            st.error(l.line(), "param '" + name + "' has no value: pass --param " + name + "=VALUE");
        } else {
            st.error(l.line(), "undefined param ${" + name + "}" + laterHint(name, l.line(), st)
                    + (st.values.isEmpty() ? "" : " (known: " + known(st) + ")"));
        }
    }

    private static String laterHint(String name, int line, State st) {
        Integer later = st.definedLater.get(name);
        return later != null && later > line ? "; it is defined later, at line " + later : "";
    }

    private static String known(State st) {
        Set<String> names = new TreeSet<>(st.values.keySet());
        names.addAll(st.params.keySet());
        names.add("result");
        names.add("cluster");
        return String.join(", ", names);
    }

    /** Everything one parse accumulates. */
    static final class State {
        final String file;
        final Map<String, String> overrides;
        final CommandCatalog catalog;
        final List<RunbookError> errors = new ArrayList<>();
        final List<Step> steps = new ArrayList<>();
        final Map<String, Runbook.Param> params = new LinkedHashMap<>();
        final Map<String, Integer> setLines = new HashMap<>();
        final Map<String, String> values = new LinkedHashMap<>();
        final Map<String, Integer> definedLater = new HashMap<>();
        boolean allowUnclean;

        State(String file, Map<String, String> overrides, CommandCatalog catalog) {
            this.file = file;
            this.overrides = overrides;
            this.catalog = catalog;
        }

        void error(int line, String message) {
            errors.add(new RunbookError(file, line, message));
        }
    }
}
