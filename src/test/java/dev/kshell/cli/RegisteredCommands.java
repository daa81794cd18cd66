package dev.kshell.cli;

import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.connection.ShellSession;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import dev.kshell.workflow.check.ConfigRiskService;

/**
 * Every command kshell registers, made the way the application makes them (Spring scans cli/commands), over a
 * session the test owns. Tests that iterate over "every command" use this, so a new command is covered the day it
 * is added. The sandbox is a real, never-started one.
 */
final class RegisteredCommands implements AutoCloseable {

    private final AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
    final List<KshellCommand> commands;

    RegisteredCommands(ShellSession session, Path home) {
        context.registerBean(ShellSession.class, () -> session);
        context.registerBean(ShellControl.class, ShellControl::new);
        context.registerBean(ConnectionRequest.Resolver.class, () -> new DefaultConnectionResolver(home));
        context.registerBean(Sandbox.class, () -> new Sandbox(AdminClientGateway::new));
        context.registerBean(ConfigRiskService.class,
                () -> new ConfigRiskService(session, () -> home, AdminClientGateway::new));
        context.registerBean(CommandLineParser.class,
                () -> new CommandLineParser(() -> context.getBeansOfType(KshellCommand.class).values()));
        context.registerBean(CommandLineExecutor.class,
                () -> new CommandLineExecutor(context.getBean(CommandLineParser.class), session));
        context.scan("dev.kshell.cli.commands");
        context.refresh();
        commands = List.copyOf(new ArrayList<>(context.getBeansOfType(KshellCommand.class).values()));
    }

    CommandLineParser parser() {
        return CommandLineParser.forCommands(commands);
    }

    @Override
    public void close() {
        context.close();
    }
}
