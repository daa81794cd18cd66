package dev.kshell.cli;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.Opt;
import dev.kshell.render.Json;
import dev.kshell.render.Prose;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;
import java.io.PrintWriter;
import java.util.function.Consumer;

/**
 * One command line being run: the command, its parsed line (typed values through {@link #get}), where to write, how
 * to ask, and the JSON model the command produced (kept for runbook expressions).
 *
 * @param commandLine the line as typed (for the audit log and messages)
 * @param line        the grammar's parse of it (the command, its options and arguments)
 * @param model       what the command emitted, for runbook expressions
 */
public record Invocation(String commandLine, CommandLineParser.ParsedCommand line, Output output, Prompter prompter,
                         ExecutionMode mode, Emitted model) {

    /** The JSON model a command emitted: set once it printed its result. */
    public static final class Emitted {
        private Object value;
        private Supplier<Optional<WrongCluster>> wrongCluster = Optional::empty;

        public Object value() {
            return value;
        }

        /** How JSON output learns, when it is written, that the connection reaches another cluster than its pin. */
        void checkPinWith(Supplier<Optional<WrongCluster>> check) {
            this.wrongCluster = check;
        }

        /** JSON carries the pin's warning as its first field (the text warning goes to the error stream). */
        private Object json(Object result) {
            return wrongCluster.get().<Object>map(w -> Json.withFirstField(result, "wrongCluster", w)).orElse(result);
        }
    }

    /**
     * The connection is pinned to one cluster id and reaches another: every read under it says so.
     *
     * @param pinnedClusterId the profile's {@code expected-cluster-id}
     * @param clusterId       the id of the cluster the connection reached
     */
    public record WrongCluster(String pinnedClusterId, String clusterId) {
    }

    public KshellCommand command() {
        return line.command();
    }

    /** The positional words as typed (the grammar has checked their number and converted them: see {@link #get(Arg)}). */
    public List<String> arguments() {
        return line.arguments();
    }

    /** The option's value, converted at parse time: the last one given, else the option's absent value (false, null). */
    public <T> T get(Opt<T> option) {
        return option.read(line.values().get(declared(option)));
    }

    /** Every value given for a repeatable option, in order. */
    public <T> List<T> all(Opt<T> option) {
        return option.readAll(line.values().get(declared(option)));
    }

    /** True when the option was given at all ({@code --yes=false} too). */
    public boolean given(Opt<?> option) {
        return line.values().containsKey(declared(option));
    }

    /** The positional argument's value, converted at parse time (null or empty when it was left out). */
    public <T> T get(Arg<T> argument) {
        if (!command().spec().arguments().contains(argument.positional())) {
            throw new IllegalStateException(command().spec().name() + " does not declare " + argument);
        }
        return argument.read(line.argumentValues().get(argument.name()));
    }

    private String declared(Opt<?> option) {
        if (!command().spec().declares(option.name())) {
            throw new IllegalStateException(command().spec().name() + " does not declare " + option);
        }
        return option.name();
    }

    /**
     * Prints the result: JSON of the model with --output json, else the text the renderer makes. The model is kept
     * either way, for runbook expressions.
     */
    public void emit(Object result, Supplier<String> text) {
        model.value = result;
        if (output.json()) {
            Json.write(output.out(), model.json(result)); // streamed: a long list is never one big string
        } else {
            output.out().print(fitted(text.get()));
        }
        output.out().flush();
    }

    /**
     * Every line longer than the terminal is broken on word boundaries under its own indentation (tables are
     * already fitted, so only prose is touched); piped output (width 0) is left whole.
     */
    private String fitted(String text) {
        int width = output.width();
        if (width <= 0 || text.lines().allMatch(l -> l.length() <= width)) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length() + 64);
        // only the lines too long are broken (and escaped by Prose): a fitted table row keeps its colour as it is
        text.lines().forEach(l -> out.append(l.length() <= width ? l + "\n"
                : Prose.text(l, width, l.length() - l.stripLeading().length() + 2)));
        return text.endsWith("\n") ? out.toString() : out.substring(0, out.length() - 1);
    }

    /**
     * As {@link #emit}, for output that can be long (a row per partition): the renderer writes to the output as it
     * goes instead of returning one string. Nothing is wrapped here: also the way to print text that must stay as it
     * is (a completion script, a man page).
     */
    public void emitStreamed(Object result, Consumer<PrintWriter> text) {
        model.value = result;
        if (output.json()) {
            Json.write(output.out(), model.json(result));
        } else {
            text.accept(output.out());
        }
        output.out().flush();
    }

    /** A line of progress or commentary: on the error stream so that piped JSON stays clean. */
    public void note(String line) {
        // at a terminal a long note breaks on word boundaries under its own indentation; piped, it stays one line
        int indent = line.length() - line.stripLeading().length() + 2;
        output.err().print(Prose.text(line, output.width(), indent));
        output.err().flush();
    }
}
