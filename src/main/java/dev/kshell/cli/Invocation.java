package dev.kshell.cli;

import dev.kshell.grammar.Arg;
import dev.kshell.grammar.Opt;
import dev.kshell.render.Json;

import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * One command line being run: its options and arguments, where to write, how to ask, and the JSON model the
 * command produced (kept for runbook expressions).
 */
public final class Invocation {

    private final String commandLine;
    private final KshellCommand command;
    private final Map<String, List<Object>> values;
    private final Map<String, List<Object>> argumentValues;
    private final List<String> arguments;
    private final Output output;
    private final Prompter prompter;
    private final ExecutionMode run;
    private Object model;

    Invocation(String commandLine, KshellCommand command, Map<String, List<Object>> values,
               Map<String, List<Object>> argumentValues, List<String> arguments, Output output, Prompter prompter,
               ExecutionMode run) {
        this.commandLine = commandLine;
        this.command = command;
        this.values = values;
        this.argumentValues = argumentValues;
        this.arguments = arguments;
        this.output = output;
        this.prompter = prompter;
        this.run = run;
    }

    public String commandLine() {
        return commandLine;
    }

    public KshellCommand command() {
        return command;
    }

    public Output output() {
        return output;
    }

    public Prompter prompter() {
        return prompter;
    }

    public ExecutionMode run() {
        return run;
    }

    /** The positional words as typed (the grammar has checked their number and converted them: see {@link #get(Arg)}). */
    public List<String> arguments() {
        return arguments;
    }

    /** The option's value, converted at parse time: the last one given, else the option's absent value (false, null). */
    public <T> T get(Opt<T> option) {
        return option.read(values.get(declared(option)));
    }

    /** Every value given for a repeatable option, in order. */
    public <T> List<T> all(Opt<T> option) {
        return option.readAll(values.get(declared(option)));
    }

    /** True when the option was given at all ({@code --yes=false} too). */
    public boolean given(Opt<?> option) {
        return values.containsKey(declared(option));
    }

    /** The positional argument's value, converted at parse time (null or empty when it was left out). */
    public <T> T get(Arg<T> argument) {
        if (!command.spec().arguments().contains(argument.positional())) {
            throw new IllegalStateException(command.getName() + " does not declare " + argument);
        }
        return argument.read(argumentValues.get(argument.name()));
    }

    private String declared(Opt<?> option) {
        if (!command.spec().declares(option.name())) {
            throw new IllegalStateException(command.getName() + " does not declare " + option);
        }
        return option.name();
    }

    public Object model() {
        return model;
    }

    /**
     * Prints the result: JSON of the model with --output json, else the text the renderer makes. The model is kept
     * either way, for runbook expressions.
     */
    public void emit(Object result, Supplier<String> text) {
        this.model = result;
        if (output.json()) {
            Json.write(output.out(), result); // streamed: a long list is never one big string
        } else {
            output.out().print(text.get());
        }
        output.out().flush();
    }

    /**
     * As {@link #emit}, for output that can be long (a row per partition): the renderer writes to the output as it
     * goes instead of returning one string.
     */
    public void emitStreamed(Object result, java.util.function.Consumer<java.io.PrintWriter> text) {
        this.model = result;
        if (output.json()) {
            Json.write(output.out(), result);
        } else {
            text.accept(output.out());
        }
        output.out().flush();
    }

    /** A line of progress or commentary: on the error stream so that piped JSON stays clean. */
    public void note(String line) {
        output.err().println(line);
        output.err().flush();
    }
}
