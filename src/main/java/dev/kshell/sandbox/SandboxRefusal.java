package dev.kshell.sandbox;

import dev.kshell.model.ExitCode;
import dev.kshell.model.KshellFailure;

/** A sandbox request that cannot be done as asked (no such node, wrong role, already in that state, no sandbox): a usage error (exit 2). */
public class SandboxRefusal extends KshellFailure {
    public SandboxRefusal(String message) {
        super(ExitCode.USAGE, message);
    }
}
