package dev.kshell.cli;

import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Trait;
import dev.kshell.model.ExitCode;

/**
 * Base of every kshell command: its {@link CommandSpec} (declared once, in the constructor) and {@link #execute}.
 * The declaration is all there is to know about a command: the parser, help, completion, the completion scripts, the
 * man page, runbooks and watch read {@link #spec()}, and nothing copies it. Every command is made once, by the
 * application's composition root ({@code app.Assembly}), and runs through {@link CommandLineExecutor}.
 */
public abstract class KshellCommand {

    private final CommandSpec spec;

    protected KshellCommand(CommandSpec spec) {
        this.spec = spec;
    }

    /** The declaration the grammar, help, completion, runbooks and watch read. */
    public CommandSpec spec() {
        return spec;
    }

    public boolean is(Trait trait) {
        return spec.is(trait);
    }

    public abstract ExitCode execute(Invocation invocation) throws Exception;

    @Override
    public String toString() {
        return spec.name();
    }
}
