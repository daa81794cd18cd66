package dev.kshell.app;

import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.sandbox.Sandbox;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The session's sandbox: empty unless {@code --sandbox} started it; closed (every node stopped) with the context. */
@Configuration(proxyBeanMethods = false)
public class SandboxConfiguration {

    @Bean(destroyMethod = "close")
    Sandbox sandbox() {
        return new Sandbox(AdminClientGateway::new);
    }
}
