package dev.kshell.testsupport;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AlterConfigOp;
import org.apache.kafka.clients.admin.ConfigEntry;
import org.apache.kafka.common.config.ConfigResource;

import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Config changes a test makes or undoes with Kafka's own Admin client (behind kshell's back, on purpose). */
public final class Configs {

    private Configs() {
    }

    /** Sets {@code key} on {@code resource}, or deletes it when {@code value} is null; waits up to 60 s. */
    public static void alter(Admin admin, ConfigResource resource, String key, String value) throws Exception {
        AlterConfigOp op = value == null
                ? new AlterConfigOp(new ConfigEntry(key, ""), AlterConfigOp.OpType.DELETE)
                : new AlterConfigOp(new ConfigEntry(key, value), AlterConfigOp.OpType.SET);
        admin.incrementalAlterConfigs(Map.of(resource, List.of(op))).all().get(60, TimeUnit.SECONDS);
    }
}
