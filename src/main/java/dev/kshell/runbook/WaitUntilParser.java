package dev.kshell.runbook;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandGrammar;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Opt;
import dev.kshell.grammar.OptionSpec;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.runbook.ExpressionEvaluator.Compiled;
import dev.kshell.runbook.RunbookLines.LogicalLine;
import dev.kshell.util.Durations;
import dev.kshell.util.Validated;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** {@code wait-until EXPR [--timeout D] [--every D]}: the expression is SpEL, the trailing words are options. */
final class WaitUntilParser {

    /** {@code wait-until EXPR [--timeout D] [--every D]}, declared as a command is, walked by the one grammar. */
    static final CommandSpec WAIT_UNTIL = CommandSpec.named("wait-until")
            .options(Opt.duration("timeout", "give up after this long (default 5m)").hint("D"),
                    Opt.duration("every", "re-evaluate this often on fresh state (default 5s)").hint("D"))
            .arguments(Arg.of("expr", ArgKind.TEXT, "a SpEL condition over result and cluster"));

    private WaitUntilParser() {
    }

    /**
     * @param expression compiles an expression of this line (errors recorded), or null
     */
    static void parse(LogicalLine l, String rest, ParseState st,
                      BiFunction<LogicalLine, String, Compiled> expression) {
        // The expression is SpEL (quotes and spaces of its own), so only the trailing option words are read as words:
        // "--name value" pairs, or a last bare "--name", counted back from the end of the line.
        List<Tokenizer.Span> raw = Tokenizer.spans(rest);
        int tail = raw.size();
        while (tail > 0) {
            if (raw.get(tail - 1).raw().startsWith("--")) {
                tail--;
            } else if (tail > 1 && raw.get(tail - 2).raw().startsWith("--")) {
                tail -= 2;
            } else {
                break;
            }
        }
        String exprText = tail == raw.size() ? rest : rest.substring(0, raw.get(tail).start()).strip();
        List<String> optionWords = raw.subList(tail, raw.size()).stream().map(Tokenizer.Span::raw).toList();
        CommandGrammar.Walk walk = CommandGrammar.walk(WAIT_UNTIL, WAIT_UNTIL.options(), optionWords);
        String takes = " (" + WAIT_UNTIL.name() + " takes " + WAIT_UNTIL.options().stream()
                .map(o -> "--" + o.name() + " D").collect(Collectors.joining(" and ")) + ")";
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
        Duration timeout = duration(l, "timeout", first(walk.options(), "timeout"), RunbookParser.DEFAULT_TIMEOUT, st);
        Duration every = duration(l, "every", first(walk.options(), "every"), RunbookParser.DEFAULT_EVERY, st);
        Compiled expr = expression.apply(l, exprText);
        if (ok && expr != null && timeout != null && every != null) {
            st.steps.add(new Step.WaitUntil(l.line(), l.text(), expr, timeout, every));
        }
    }

    private static String first(Map<String, List<String>> options, String name) {
        List<String> values = options.get(name);
        return values == null ? null : values.get(0);
    }

    private static Duration duration(LogicalLine l, String option, String raw, Duration fallback, ParseState st) {
        if (raw == null) {
            return fallback;
        }
        String text = Substitution.text(l, raw, st);
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
}
