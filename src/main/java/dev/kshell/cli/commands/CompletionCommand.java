package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.grammar.CompletionScripts;
import dev.kshell.grammar.Positional;
import dev.kshell.model.ExitCode;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

import java.util.Map;

/**
 * {@code completion bash|zsh}: prints the shell's completion script (kubectl's, gh's and rpk's convention), so that
 * {@code source <(kshell completion bash)} sets it up. completions/ in the repository and the release hold this
 * output.
 */
@Component
public class CompletionCommand extends KshellCommand {

    private final ObjectProvider<CompletionScripts.Launcher> launcher;

    public CompletionCommand(ObjectProvider<CompletionScripts.Launcher> launcher) {
        super("completion", "Session", "Print the bash or zsh completion script of kshell", "completion bash|zsh");
        this.launcher = launcher;
        arguments(Positional.choice("shell", "the shell to complete in", CompletionScripts.SHELLS.toArray(String[]::new)));
        examples("source <(kshell completion bash)      # in ~/.bashrc",
                "kshell completion zsh > ~/.zfunc/_kshell  # with fpath=(~/.zfunc $fpath) before compinit in ~/.zshrc");
    }

    @Override
    public ExitCode run(Invocation inv) {
        CompletionScripts.Launcher declared = launcher.getIfAvailable();
        if (declared == null) {
            throw new IllegalStateException("completion: the launcher's options are not declared in this process");
        }
        String shell = inv.arguments().get(0);
        String script = CompletionScripts.forShell(shell, declared);
        inv.emit(Map.of("shell", shell, "script", script), () -> script);
        return ExitCode.OK;
    }
}
