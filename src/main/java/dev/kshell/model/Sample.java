package dev.kshell.model;

/**
 * One value read at one moment (a partition's log end offset, a group's total lag), as a session keeps them.
 *
 * @param atMs  when it was read (epoch ms)
 * @param value what was read
 */
public record Sample(long atMs, long value) {
}
