package dev.kshell.cli.commands;

import dev.kshell.sandbox.Sandbox.NodeAction;
import dev.kshell.sandbox.Sandbox;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The six node commands, one bean each. */
@Configuration(proxyBeanMethods = false)
public class SandboxNodeCommands {

    @Bean
    SandboxNodeCommand sandboxStopBroker(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.STOP_BROKER);
    }

    @Bean
    SandboxNodeCommand sandboxKillBroker(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.KILL_BROKER);
    }

    @Bean
    SandboxNodeCommand sandboxStartBroker(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.START_BROKER);
    }

    @Bean
    SandboxNodeCommand sandboxStopController(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.STOP_CONTROLLER);
    }

    @Bean
    SandboxNodeCommand sandboxKillController(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.KILL_CONTROLLER);
    }

    @Bean
    SandboxNodeCommand sandboxStartController(Sandbox sandbox) {
        return new SandboxNodeCommand(sandbox, NodeAction.START_CONTROLLER);
    }
}
