package dev.kshell.cli.commands;

import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.connection.ShellSession;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** {@code quorum replace-controller}, {@code remove-controller}, {@code add-controller}: one bean each. */
@Configuration(proxyBeanMethods = false)
public class QuorumChangeCommands {

    @Bean
    QuorumChangeCommand quorumReplaceController(ShellSession session) {
        return new QuorumChangeCommand(session, VoterChangePlan.Kind.REPLACE);
    }

    @Bean
    QuorumChangeCommand quorumRemoveController(ShellSession session) {
        return new QuorumChangeCommand(session, VoterChangePlan.Kind.REMOVE);
    }

    @Bean
    QuorumChangeCommand quorumAddController(ShellSession session) {
        return new QuorumChangeCommand(session, VoterChangePlan.Kind.ADD);
    }
}
