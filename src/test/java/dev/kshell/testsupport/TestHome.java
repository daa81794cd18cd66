package dev.kshell.testsupport;

import java.nio.file.Path;
import java.util.Map;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;

/**
 * kshell's home (and so its audit log and state files) in a test's temporary directory for the test's time, and put
 * back after; with an Admin client of the test's own on the cluster under test.
 */
public final class TestHome {

    private final String saved;

    private TestHome(String saved) {
        this.saved = saved;
    }

    /** Points kshell.home and kshell.audit.file into {@code home}; {@link #restore()} undoes it. */
    public static TestHome use(Path home) {
        TestHome previous = new TestHome(System.getProperty("kshell.home"));
        System.setProperty("kshell.home", home.toString());
        System.setProperty("kshell.audit.file", home.resolve("audit.jsonl").toString());
        return previous;
    }

    public void restore() {
        System.clearProperty("kshell.audit.file");
        if (saved != null) {
            System.setProperty("kshell.home", saved);
        }
    }

    /** An Admin client with deadlines that a busy 2-core machine meets (30 s per call, 15 s per request). */
    public static Admin admin(String bootstrap) {
        return Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
                AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "30000",
                AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "15000"));
    }
}
