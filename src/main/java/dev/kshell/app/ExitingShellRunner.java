package dev.kshell.app;

import org.springframework.shell.core.ShellRunner;
import org.springframework.shell.core.command.ExitStatus;

/**
 * A Spring Shell {@link ShellRunner} that says how its run ended. Spring Shell's own runners end the process with 0
 * whatever the commands gave (its interface returns nothing); kshell's exit with the command's code (one-shot) or the
 * worst code of piped lines (the REPL on a pipe), so each of kshell's runners keeps the status of its run.
 */
interface ExitingShellRunner extends ShellRunner {

    /** How the last {@link #run} ended, as Spring Shell's status holding kshell's exit code. */
    ExitStatus exitStatus();
}
