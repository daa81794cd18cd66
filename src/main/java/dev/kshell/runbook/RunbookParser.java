package dev.kshell.runbook;

import dev.kshell.grammar.Tokenizer;
import dev.kshell.runbook.ExpressionEvaluator.Compiled;
import dev.kshell.runbook.ExpressionEvaluator.InvalidExpressionException;
import dev.kshell.runbook.RunbookLines.LogicalLine;
import dev.kshell.util.EditDistance;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Comparator;

/**
 * Reads a {@code .ksh} runbook into a {@link Runbook}, checking the whole file before anything runs. Never throws
 * for bad input: every problem becomes a {@link RunbookError} with its line, and all of them are returned together.
 *
 * <p>Format: one step per line; {@code #} starts a comment at the start of a line or when it stands alone as a word
 * ({@code # note}, so SpEL's {@code #root} and {@code #this} survive); a {@code \} at the end of a line continues it
 * on the next (errors name the first line) ({@link RunbookLines}). Steps are shell command lines tokenised exactly
 * like the REPL ({@code grammar.Tokenizer}), or the directives {@code allow unclean}, {@code param}, {@code set},
 * {@code echo}, {@code assert}, {@code wait-until} ({@link WaitUntilParser}), {@code confirm}. {@code ${name}} is
 * replaced by the value of a param or set defined above ({@link Substitution}): a value fills an argument or an
 * option's value, never a command word or an option.
 */
public final class RunbookParser {

    /** wait-until's default timeout, when the line has no --timeout. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(5);
    /** wait-until's default poll interval, when the line has no --every. */
    public static final Duration DEFAULT_EVERY = Duration.ofSeconds(5);

    private static final Set<String> DIRECTIVES = Set.of("allow", "param", "set", "echo", "assert", "wait-until",
            "confirm", "run");
    private static final Pattern ASSERT_MESSAGE = Pattern.compile(
            "(.*\\S)\\s+:\\s*(\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*')\\s*", Pattern.DOTALL);

    private final ExpressionEvaluator evaluator = new ExpressionEvaluator();

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
        ParseState st = new ParseState(file, overrides, catalog);
        List<LogicalLine> lines = RunbookLines.read(text == null ? "" : text, st);
        for (LogicalLine l : lines) {
            st.definedLater.putIfAbsent(RunbookLines.definedName(l.text()), l.line());
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
            sorted.sort(Comparator.comparingInt(e -> e.line() == 0 ? Integer.MAX_VALUE : e.line()));
            return ParseResult.failed(sorted, st.mutations);
        }
        return ParseResult.ok(new Runbook(file, st.steps, List.copyOf(st.params.values()), st.values,
                st.allowUnclean), st.mutations);
    }

    // ---- one line ------------------------------------------------------------------------------------------

    private void parseLine(LogicalLine l, ParseState st) {
        RunbookLines.Head head = RunbookLines.head(l.text());
        String keyword = head.keyword();
        String rest = head.rest();
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
            case "echo" -> Substitution.values(l, rest, st).ifPresent(w -> st.steps.add(new Step.Echo(l.line(),
                    l.text(), String.join(" ", w))));
            case "confirm" -> Substitution.values(l, rest, st).ifPresent(w -> {
                if (w.isEmpty() || String.join(" ", w).isBlank()) {
                    st.error(l.line(), "confirm needs a question: confirm \"Proceed?\"");
                } else {
                    st.steps.add(new Step.Confirm(l.line(), l.text(), String.join(" ", w)));
                }
            });
            case "assert" -> parseAssert(l, rest, st);
            case "wait-until" -> WaitUntilParser.parse(l, rest, st, (line, expr) -> expression(line, expr, st));
            default -> st.error(l.line(), "nested 'run' is not allowed: a runbook cannot run another runbook");
        }
    }

    private void parseCommand(LogicalLine l, ParseState st) {
        Optional<List<Substitution.Word>> parsed = Substitution.words(l, l.text(), st);
        if (parsed.isEmpty() || parsed.get().isEmpty()) {
            return;
        }
        // Like an unquoted empty expansion in a shell, an empty word is dropped: JLine would drop it from the
        // re-quoted line anyway, and the catalog must check exactly the words the shell will see.
        List<Substitution.Word> kept = parsed.get().stream().filter(w -> !w.value().isEmpty()).toList();
        List<String> words = kept.stream().map(Substitution.Word::value).toList();
        if (words.isEmpty()) {
            st.error(l.line(), "the line is empty after substitution");
            return;
        }
        CommandCatalog catalog = st.catalog;
        if (catalog == null || !catalog.isCommand(words)) {
            String hint = DIRECTIVES.stream().filter(d -> !d.equals("run") && EditDistance.between(d, words.get(0)) <= 2)
                    .min(Comparator.comparingInt((String d) -> EditDistance.between(d, words.get(0)))
                            .thenComparing(d -> d))
                    .map(d -> " (did you mean the directive '" + d + "'?)").orElse("");
            st.error(l.line(), "unknown command '" + words.get(0) + "'" + hint);
            return;
        }
        boolean mutating = catalog.isMutating(words);
        if (mutating) {
            st.mutations.add(st.file + ":" + l.line() + ": " + Tokenizer.join(words));
        }
        String fromParam = Substitution.syntaxFromParam(kept, catalog.nameWords(words));
        if (fromParam != null) {
            st.error(l.line(), fromParam);
            return;
        }
        Optional<String> usage = catalog.checkLine(words);
        if (usage != null && usage.isPresent()) {
            st.error(l.line(), usage.get());
        }
        // the catalog refuses every spelling of --yes the grammar reads (--yes, --yes=..., -y), among others
        catalog.refusedInRunbook(words).ifPresent(why -> st.error(l.line(), why));
        st.steps.add(new Step.Command(l.line(), l.text(), Tokenizer.join(words), words, mutating,
                catalog.isUnclean(words)));
    }

    private void parseDefinition(LogicalLine l, String keyword, String rest, ParseState st) {
        Matcher m = RunbookLines.definition(rest);
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
            Optional<List<String>> w = Substitution.values(l, rawValue, st);
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

    private void parseAssert(LogicalLine l, String rest, ParseState st) {
        String exprText = rest;
        String message = null;
        Matcher m = ASSERT_MESSAGE.matcher(rest);
        if (m.matches()) {
            // "expr : 'msg'" could also be the end of a ternary; take the message form when its left side compiles.
            Optional<List<String>> msg = Substitution.quietWords(m.group(2));
            if (msg.isPresent() && msg.get().size() == 1
                    && (tryCompile(m.group(1), st) || !tryCompile(rest, st))) {
                exprText = m.group(1);
                message = Substitution.text(l, msg.get().get(0), st);
            }
        }
        Compiled expr = expression(l, exprText, st);
        if (expr != null) {
            st.steps.add(new Step.Assert(l.line(), l.text(), expr, message));
        }
    }

    // ---- expressions ---------------------------------------------------------------------------------------

    private Compiled expression(LogicalLine l, String text, ParseState st) {
        String substituted = Substitution.expression(l, text, st);
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
            st.error(l.line(), "undefined name '" + name + "' in expression"
                    + Substitution.laterHint(name, l.line(), st) + " (known: " + Substitution.known(st) + ")");
        }
        return undefined.isEmpty() ? compiled : null;
    }

    private boolean tryCompile(String text, ParseState st) {
        try {
            evaluator.compile(Substitution.expressionQuietly(text, st));
            return true;
        } catch (InvalidExpressionException | RuntimeException e) {
            return false;
        }
    }
}
