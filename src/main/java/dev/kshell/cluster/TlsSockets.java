package dev.kshell.cluster;

import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.security.ssl.DefaultSslEngineFactory;

import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.SSLSocketFactory;
import java.io.IOException;
import java.net.Socket;
import java.util.HashMap;
import java.util.Map;

/**
 * TLS sockets with a connection's own SSL settings ({@code ssl.truststore.*}, {@code ssl.keystore.*}, protocols,
 * endpoint identification), built by Kafka's own {@link DefaultSslEngineFactory} from the client properties as Kafka
 * parses them: what the node probe uses on SSL and SASL_SSL listeners.
 */
record TlsSockets(SSLSocketFactory factory, String endpointIdentification) {

    /**
     * The connection's TLS settings, or an exception whose message says why they cannot be used here (a custom
     * {@code ssl.engine.factory.class}, an unreadable keystore...).
     */
    static TlsSockets of(Map<String, String> clientProperties) {
        if (clientProperties.get(SslConfigs.SSL_ENGINE_FACTORY_CLASS_CONFIG) != null) {
            throw new IllegalArgumentException("a custom " + SslConfigs.SSL_ENGINE_FACTORY_CLASS_CONFIG
                    + " is configured");
        }
        ConfigDef def = new ConfigDef();
        SslConfigs.addClientSslSupport(def);
        Map<String, Object> raw = new HashMap<>();
        clientProperties.forEach((k, v) -> {
            if (def.configKeys().containsKey(k)) {
                raw.put(k, v);
            }
        });
        Map<String, Object> parsed = def.parse(raw);
        DefaultSslEngineFactory engines = new DefaultSslEngineFactory();
        try {
            engines.configure(parsed);
            SSLContext context = engines.sslContext();
            Object algorithm = parsed.get(SslConfigs.SSL_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG);
            return new TlsSockets(context.getSocketFactory(), algorithm == null ? null : algorithm.toString());
        } finally {
            engines.close();
        }
    }

    /** Wraps a connected socket and completes the TLS handshake within the socket's read timeout. */
    SSLSocket handshake(Socket plain, String host, int port) throws IOException {
        SSLSocket tls = (SSLSocket) factory.createSocket(plain, host, port, true);
        if (endpointIdentification != null && !endpointIdentification.isBlank()) {
            SSLParameters params = tls.getSSLParameters();
            params.setEndpointIdentificationAlgorithm(endpointIdentification);
            tls.setSSLParameters(params);
        }
        tls.setUseClientMode(true);
        tls.startHandshake();
        return tls;
    }
}
