package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.ShellControl;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.workflow.check.ConfigRiskService;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.memory.KshellHome;
import dev.kshell.connection.ShellSession;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.shell.core.command.CommandRegistry;
import dev.kshell.memory.QuorumMemory;
import java.time.Clock;

/** The session and the one command path. */
@Configuration(proxyBeanMethods = false)
public class KshellConfiguration {

    @Bean(destroyMethod = "close")
    ShellSession shellSession() {
        // Remembering offsets is an explicit step (the REPL refresher, `remember offsets`: OffsetMemory), never of reads.
        ShellSession session = new ShellSession(AdminClientGateway::new);
        // who led the quorum, remembered across runs so that a one-shot triage sees a controller that keeps changing
        // (looked up at each write: a sandbox session keeps it with the sandbox's other records)
        session.useQuorumMemory(QuorumMemory.following(
                dev.kshell.memory.OffsetMemory::defaultDir, Clock.systemUTC()));
        return session;
    }

    /** The config-risk check: profiles from kshell's home, each profile's cluster through its own Admin client. */
    @Bean
    ConfigRiskService configRiskService(ShellSession session) {
        return new ConfigRiskService(session, KshellHome::dir, AdminClientGateway::new);
    }

    @Bean
    ShellControl shellControl() {
        return new ShellControl();
    }

    @Bean
    ConnectionRequest.Resolver connectionResolver() {
        return new DefaultConnectionResolver(KshellHome.dir());
    }

    /** Spring Shell's registry collects every {@code Command} bean once the context is up. */
    @Bean
    CommandRegistry commandRegistry() {
        return new CommandRegistry();
    }

    @Bean
    CommandLineParser commandLineParser(ObjectProvider<CommandRegistry> registry) {
        return new CommandLineParser(() -> registry.getObject().getCommands().stream()
                .filter(KshellCommand.class::isInstance).map(KshellCommand.class::cast).toList());
    }

    @Bean
    CommandLineExecutor commandLineExecutor(CommandLineParser parser, ShellSession session) {
        return new CommandLineExecutor(parser, session);
    }

}
