package dev.kshell.session;

import dev.kshell.cluster.ClusterTarget;

import java.time.Duration;
import java.util.Map;

/** Resolves explicit endpoints and client property files. */
public class DefaultConnectionResolver implements ConnectionRequest.Resolver {

    @Override
    public ConnectionRequest.Resolved resolve(ConnectionRequest request, Duration defaultTimeout) {
        if (request.profile() != null) {
            throw new ConnectionRequest.InvalidRequest("profiles are not configured (no ~/.kshell/profiles.yaml support yet)");
        }
        if (request.bootstrapServers() != null && request.bootstrapControllers() != null) {
            throw new ConnectionRequest.InvalidRequest("give --bootstrap-server or --bootstrap-controller, not both");
        }
        if (request.bootstrapServers() == null && request.bootstrapControllers() == null) {
            throw new ConnectionRequest.InvalidRequest(
                    "nothing to connect to: give --bootstrap-server HOST:PORT, --bootstrap-controller HOST:PORT or a profile");
        }
        Map<String, String> props = request.commandConfig() == null ? Map.of()
                : ConnectionRequest.readClientProperties(request.commandConfig());
        Duration timeout = request.timeout() == null ? defaultTimeout : request.timeout();
        ClusterTarget target = new ClusterTarget(request.bootstrapServers(), request.bootstrapControllers(), props, timeout);
        return new ConnectionRequest.Resolved(target, target.endpoints(), null);
    }
}
