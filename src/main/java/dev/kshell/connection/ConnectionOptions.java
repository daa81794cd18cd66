package dev.kshell.connection;

/**
 * The connection options as typed on the command line or to {@code connect}; every field may be null.
 *
 * @param profile             {@code --profile NAME}
 * @param bootstrapServer     {@code --bootstrap-server host:port[,host:port]}
 * @param bootstrapController {@code --bootstrap-controller host:port[,host:port]}
 * @param commandConfig       {@code --command-config FILE}
 * @param timeout             {@code --timeout 10s}
 */
public record ConnectionOptions(String profile, String bootstrapServer, String bootstrapController,
                                String commandConfig, String timeout) {

    /** No options at all. */
    public static ConnectionOptions none() {
        return new ConnectionOptions(null, null, null, null, null);
    }

    public static ConnectionOptions profile(String name) {
        return new ConnectionOptions(name, null, null, null, null);
    }

    public static ConnectionOptions bootstrapServer(String servers) {
        return new ConnectionOptions(null, servers, null, null, null);
    }

    public static ConnectionOptions bootstrapController(String controllers) {
        return new ConnectionOptions(null, null, controllers, null, null);
    }

    public ConnectionOptions withProfile(String value) {
        return new ConnectionOptions(value, bootstrapServer, bootstrapController, commandConfig, timeout);
    }

    public ConnectionOptions withBootstrapServer(String value) {
        return new ConnectionOptions(profile, value, bootstrapController, commandConfig, timeout);
    }

    public ConnectionOptions withBootstrapController(String value) {
        return new ConnectionOptions(profile, bootstrapServer, value, commandConfig, timeout);
    }

    public ConnectionOptions withCommandConfig(String value) {
        return new ConnectionOptions(profile, bootstrapServer, bootstrapController, value, timeout);
    }

    public ConnectionOptions withTimeout(String value) {
        return new ConnectionOptions(profile, bootstrapServer, bootstrapController, commandConfig, value);
    }
}
