package dev.kshell.cli;

import dev.kshell.model.ExitCode;
import dev.kshell.render.Json;

import java.time.Duration;
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
    private final Map<String, List<String>> options;
    private final List<String> arguments;
    private final Output output;
    private final Prompter prompter;
    private final ExecutionMode run;
    private Object model;

    Invocation(String commandLine, KshellCommand command, Map<String, List<String>> options, List<String> arguments,
               Output output, Prompter prompter, ExecutionMode run) {
        this.commandLine = commandLine;
        this.command = command;
        this.options = options;
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

    public List<String> arguments() {
        return arguments;
    }

    public boolean has(String name) {
        return options.containsKey(name);
    }

    /** The last value given for an option, or null. */
    public String option(String name) {
        List<String> values = options.get(name);
        return values == null || values.isEmpty() ? null : values.get(values.size() - 1);
    }

    public List<String> optionValues(String name) {
        return options.getOrDefault(name, List.of());
    }

    public boolean flag(String name) {
        String value = option(name);
        return value != null && Boolean.parseBoolean(value);
    }

    public Integer integer(String name) {
        String value = option(name);
        if (value == null) {
            return null;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new UsageException("--" + name + " takes a whole number, not '" + value + "'");
        }
    }

    public Duration duration(String name, Duration defaultValue) {
        String value = option(name);
        return value == null ? defaultValue : DurationOptions.parse("--" + name, value);
    }

    /** Exactly one positional argument, named for the error message. */
    public String requiredArgument(String what) {
        if (arguments.isEmpty()) {
            throw new UsageException(command.getName() + ": missing " + what + " (usage: " + command.synopsis() + ")");
        }
        if (arguments.size() > 1) {
            throw new UsageException(command.getName() + ": expected one " + what + ", got " + arguments.size()
                    + ": " + String.join(" ", arguments));
        }
        return arguments.get(0);
    }

    /** Exactly one positional argument that is a node id. */
    public int nodeIdArgument() {
        String arg = requiredArgument("node id");
        try {
            return Integer.parseInt(arg);
        } catch (NumberFormatException e) {
            throw new UsageException(command.getName() + ": node id must be a number, not '" + arg + "'");
        }
    }

    public void noArguments() {
        if (!arguments.isEmpty()) {
            throw new UsageException(command.getName() + ": unexpected argument '" + arguments.get(0) + "' (usage: "
                    + command.synopsis() + ")");
        }
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
