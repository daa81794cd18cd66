package dev.kshell.testsupport;

import dev.kshell.sandbox.LocalCluster;
import dev.kshell.sandbox.LocalClusterSpec;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;

/**
 * The SASL flavour of the suite's real clusters: a 1-controller + 2-broker 4.4 cluster whose brokers listen on
 * SASL_PLAINTEXT with the PLAIN mechanism and authorize with Kafka's StandardAuthorizer (no ACL, no access), users
 * {@code admin} (a super user) and {@code reader} (what ACLs the test grants). The controller listener stays
 * PLAINTEXT, its principal ANONYMOUS a super user, as on a cluster that secures only the client listener.
 */
public final class SaslCluster implements AutoCloseable {

    public static final String ADMIN_PASSWORD = "admin-secret";
    public static final String READER_PASSWORD = "reader-secret";

    private final LocalCluster cluster;

    private SaslCluster(LocalCluster cluster) {
        this.cluster = cluster;
    }

    public static SaslCluster start() throws IOException, InterruptedException {
        String superUsers = "User:admin;User:ANONYMOUS";
        String authorizer = "org.apache.kafka.metadata.authorizer.StandardAuthorizer";
        Map<String, String> broker = Map.ofEntries(
                // the broker listener keeps its name and speaks SASL; the controller listener stays PLAINTEXT
                Map.entry("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:SASL_PLAINTEXT"),
                Map.entry("sasl.enabled.mechanisms", "PLAIN"),
                Map.entry("sasl.mechanism.inter.broker.protocol", "PLAIN"),
                Map.entry("listener.name.plaintext.plain.sasl.jaas.config",
                        "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"admin\" "
                                + "password=\"" + ADMIN_PASSWORD + "\" user_admin=\"" + ADMIN_PASSWORD
                                + "\" user_reader=\"" + READER_PASSWORD + "\" user_narrow=\"narrow-secret\";"),
                Map.entry("authorizer.class.name", authorizer),
                Map.entry("super.users", superUsers));
        Map<String, String> controller = Map.of("authorizer.class.name", authorizer, "super.users", superUsers,
                "auto.leader.rebalance.enable", "false");
        LocalCluster cluster = LocalCluster.start(new LocalClusterSpec(1, 2, null, true, broker, null, false,
                controller, false), line -> System.out.println("[sasl-cluster] " + line));
        return new SaslCluster(cluster);
    }

    public LocalCluster cluster() {
        return cluster;
    }

    /** A client's properties (kshell's --command-config) for a user and password. */
    public static Map<String, String> clientProperties(String user, String password) {
        Map<String, String> p = new HashMap<>();
        p.put("security.protocol", "SASL_PLAINTEXT");
        p.put("sasl.mechanism", "PLAIN");
        p.put("sasl.jaas.config", "org.apache.kafka.common.security.plain.PlainLoginModule required username=\""
                + user + "\" password=\"" + password + "\";");
        return p;
    }

    @Override
    public void close() {
        cluster.close();
    }
}
