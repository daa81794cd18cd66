package dev.kshell.cluster;

import java.util.List;
import java.util.function.Consumer;

/** Opens {@link AdminClientGateway}'s package-private test hooks to the integration tests (dev.kshell.it). */
public final class GatewayTestHooks {

    private GatewayTestHooks() {
    }

    /** Runs {@code hook} with the listed topic names after listTopics and before describeTopics. */
    public static void afterListing(AdminClientGateway gateway, Consumer<List<String>> hook) {
        gateway.afterListing(hook);
    }
}
