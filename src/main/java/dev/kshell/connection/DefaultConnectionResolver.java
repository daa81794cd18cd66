package dev.kshell.connection;

import dev.kshell.util.Durations;
import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import dev.kshell.cluster.ClusterTarget;

import java.nio.file.Path;
import java.time.Duration;

/**
 * Resolves what the operator typed (endpoints, --command-config, --profile) through {@link ConnectionSettings},
 * which reads profiles.yaml and client property files and reports every mistake with its file and line.
 */
public class DefaultConnectionResolver implements ConnectionRequest.Resolver {

    private final Path home;

    public DefaultConnectionResolver(Path home) {
        this.home = home;
    }

    @Override
    public ConnectionRequest.Resolved resolve(ConnectionRequest request, Duration defaultTimeout) {
        if (request.isEmpty()) {
            throw new ConnectionRequest.InvalidRequest(
                    "nothing to connect to: give --bootstrap-server HOST:PORT, --bootstrap-controller HOST:PORT or a profile");
        }
        ConnectionOptions options = new ConnectionOptions(request.profile(), request.bootstrapServers(),
                request.bootstrapControllers(), request.commandConfig(),
                request.timeout() == null ? null : Durations.format(request.timeout()));
        Validated<ConnectionSettings> resolved = ConnectionSettings.resolve(options, home);
        if (!resolved.isOk()) {
            throw new ConnectionRequest.InvalidRequest(String.join("; ",
                    resolved.errors().stream().map(SettingsError::format).toList()));
        }
        ConnectionSettings settings = resolved.orElseThrow();
        // A profile's own timeout wins over the session default; an explicit --timeout wins over both.
        // (settings.timeout() is never null: ConnectionSettings fills in its own default, which must not beat the
        // session's --timeout, so ask the profile itself whether it set one.)
        Duration timeout = request.timeout() != null ? request.timeout() : profileTimeout(request.profile());
        if (timeout == null) {
            timeout = defaultTimeout;
        }
        ClusterTarget target = new ClusterTarget(settings.bootstrapServers(), settings.bootstrapControllers(),
                settings.clientProperties(), timeout,
                request.zooKeeper() != null ? request.zooKeeper() : profileZooKeeper(request.profile()));
        String label = settings.profileName() != null ? settings.profileName() : target.endpoints();
        return new ConnectionRequest.Resolved(target, label, settings.expectedClusterId(),
                ExposedSecrets.forConnection(home, request.profile(), request.commandConfig()),
                settings.radarThresholds());
    }

    /** A profile's {@code zookeeper: HOST:PORT/chroot}, or null. */
    private String profileZooKeeper(String profile) {
        if (profile == null || profile.isBlank()) {
            return null;
        }
        Validated<Profile> found = ProfileStore.find(home, profile.trim());
        return found.isOk() ? found.orElseThrow().zooKeeper() : null;
    }

    private Duration profileTimeout(String profile) {
        if (profile == null || profile.isBlank()) {
            return null;
        }
        Validated<Profile> found = ProfileStore.find(home, profile.trim());
        return found.isOk() ? found.orElseThrow().timeout() : null;
    }
}
