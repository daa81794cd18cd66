package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.CompletionScripts;
import dev.kshell.grammar.Group;
import dev.kshell.model.ExitCode;

import java.util.Map;

/**
 * {@code completion bash|zsh}: prints the shell's completion script (kubectl's, gh's and rpk's convention), so that
 * {@code source <(kshell completion bash)} sets it up. completions/ in the repository and the release hold this
 * output.
 */
public class CompletionCommand extends KshellCommand {

    static final Arg<String> SHELL = Arg.choice("shell", "the shell to complete in",
            CompletionScripts.SHELLS.toArray(String[]::new));

    public CompletionCommand() {
        super(CommandSpec.named("completion").group(Group.SESSION)
                .description("Print the bash or zsh completion script of kshell")
                .arguments(SHELL)
                .examples("source <(kshell completion bash)      # in ~/.bashrc",
                        "kshell completion zsh > ~/.zfunc/_kshell  # with fpath=(~/.zfunc $fpath) before compinit"));
    }

    @Override
    public ExitCode execute(Invocation inv) {
        String shell = inv.get(SHELL);
        String script = CompletionScripts.forShell(shell, CompletionScripts.KSHELL);
        inv.emitStreamed(Map.of("shell", shell, "script", script), w -> w.print(script)); // a script: never wrapped
        return ExitCode.OK;
    }
}
