package dev.kshell.cli;

import dev.kshell.app.Assembly;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.sandbox.Sandbox;

import java.nio.file.Path;
import java.util.List;

/**
 * Every command kshell registers, made by the application's own composition root ({@link Assembly}) over a session
 * the test owns. Tests that iterate over "every command" use this, so a new command is covered the day it is added
 * to the assembly (AssemblyTest fails until it is). The sandbox is a real, never-started one.
 */
final class RegisteredCommands implements AutoCloseable {

    private final Assembly assembly;
    final List<KshellCommand> commands;

    RegisteredCommands(ShellSession session, Path home) {
        assembly = new Assembly(session, new Sandbox(AdminClientGateway::new), () -> home);
        commands = assembly.commands();
    }

    CommandLineParser parser() {
        return assembly.parser();
    }

    @Override
    public void close() {
        assembly.close();
    }
}
