package dev.kshell.cli.commands;

import dev.kshell.cli.KshellCommand;
import dev.kshell.connection.ShellSession;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.workflow.clients.ClientsService;

/**
 * What the clients' read commands ({@code groups}, {@code group}, {@code transactions}) share: a
 * {@link ClientsService} of their own over the session, whose reading threads end with the shell. Each command still
 * declares itself, in its own constructor.
 */
abstract class ClientsCommand extends KshellCommand implements AutoCloseable {

    protected final ClientsService service;

    ClientsCommand(CommandSpec spec, ShellSession session) {
        super(spec);
        this.service = new ClientsService(session);
    }

    /** The service's reading threads end with the shell. */
    @Override
    public void close() {
        service.close();
    }
}
