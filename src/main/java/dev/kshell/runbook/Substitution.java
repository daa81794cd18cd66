package dev.kshell.runbook;

import dev.kshell.grammar.GrammarException;
import dev.kshell.grammar.Tokenizer;
import dev.kshell.runbook.RunbookLines.LogicalLine;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ${name}} replaced by the value of a param or set defined above: inside one word of a command line (a value
 * never adds words: it is substituted after the line was split), or inside an expression as a literal.
 */
final class Substitution {

    private static final Pattern REFERENCE = Pattern.compile("\\$\\{([^}]*)}");

    private Substitution() {
    }

    /** One word of a line: as written (quotes removed) and after substitution. */
    record Word(String written, String value) {
        boolean substituted() {
            return written.contains("${");
        }
    }

    /** Tokenises like the REPL and substitutes each word; empty (with errors recorded) when that fails. */
    static Optional<List<Word>> words(LogicalLine l, String text, ParseState st) {
        List<String> raw;
        try {
            raw = Tokenizer.words(text);
        } catch (GrammarException e) {
            st.error(l.line(), e.getMessage());
            return Optional.empty();
        }
        List<Word> out = new ArrayList<>(raw.size());
        boolean ok = true;
        for (String w : raw) {
            String s = text(l, w, st);
            if (s == null) {
                ok = false;
            } else {
                out.add(new Word(w, s));
            }
        }
        return ok ? Optional.of(out) : Optional.empty();
    }

    static Optional<List<String>> values(LogicalLine l, String text, ParseState st) {
        return words(l, text, st).map(ws -> ws.stream().map(Word::value).toList());
    }

    static Optional<List<String>> quietWords(String text) {
        try {
            return Optional.of(Tokenizer.words(text));
        } catch (RuntimeException e) {
            return Optional.empty();
        }
    }

    /** {@code ${name}} replaced by its value within one word; null (errors recorded) for undefined names. */
    static String text(LogicalLine l, String word, ParseState st) {
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

    /**
     * {@code ${name}} inside an expression: inside a string literal the value's text (quotes doubled); elsewhere a
     * literal, a number for whole-number values and a quoted string otherwise. Never raw text: a value cannot add
     * operators to the expression. Null (errors recorded) when a name is undefined.
     */
    static String expression(LogicalLine l, String text, ParseState st) {
        List<String> missing = new ArrayList<>();
        String out = expression(text, st, missing);
        for (String name : missing) {
            undefinedReference(l, name, st);
        }
        return missing.isEmpty() ? out : null;
    }

    static String expressionQuietly(String text, ParseState st) {
        return expression(text, st, new ArrayList<>());
    }

    private static String expression(String text, ParseState st, List<String> missing) {
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

    static void undefinedReference(LogicalLine l, String name, ParseState st) {
        if (!ExpressionEvaluator.isValidName(name) && !st.values.containsKey(name)) {
            st.error(l.line(), "bad reference ${" + name + "}: a name is letters, digits and _");
        } else if (st.params.containsKey(name)) {
            st.error(l.line(), "param '" + name + "' has no value: pass --param " + name + "=VALUE");
        } else {
            st.error(l.line(), "undefined param ${" + name + "}" + laterHint(name, l.line(), st)
                    + (st.values.isEmpty() ? "" : " (known: " + known(st) + ")"));
        }
    }

    static String laterHint(String name, int line, ParseState st) {
        Integer later = st.definedLater.get(name);
        return later != null && later > line ? "; it is defined later, at line " + later : "";
    }

    static String known(ParseState st) {
        Set<String> names = new TreeSet<>(st.values.keySet());
        names.addAll(st.params.keySet());
        names.add("result");
        names.add("cluster");
        return String.join(", ", names);
    }

    /**
     * Params are values, never syntax: a substituted word may be an argument or an option's value, never the
     * command's name, an option, or an option's name. Returns the problem, or null.
     *
     * @param words     the line's words, empty ones dropped
     * @param nameWords how many words name the command
     */
    static String syntaxFromParam(List<Word> words, int nameWords) {
        for (int i = 0; i < words.size(); i++) {
            Word w = words.get(i);
            if (!w.substituted()) {
                continue;
            }
            if (i < nameWords) {
                return "'" + w.written() + "' would name the command: a param fills values only";
            }
            if (w.written().startsWith("-")) {
                int eq = w.written().indexOf('=');
                if (eq < 0 || w.written().indexOf("${") < eq) {
                    return "'" + w.written() + "' would make an option out of a param: a param fills values only";
                }
            } else if (w.value().startsWith("-")) {
                return "'" + w.written() + "' is '" + w.value() + "', which would be read as an option: a param "
                        + "fills values only (for a value that starts with '-', write --option=" + w.written() + ")";
            }
        }
        return null;
    }
}
