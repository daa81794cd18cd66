package dev.kshell.sandbox;

/** A sandbox request that cannot be done as asked (no such node, wrong role, already in that state, no sandbox). */
public class SandboxRefusal extends RuntimeException {
    public SandboxRefusal(String message) {
        super(message);
    }
}
