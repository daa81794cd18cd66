package dev.kshell.testsupport;

import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * For a test that drives the real gateway's mutating call itself (what Kafka answers, not what kshell decides):
 * writes a confirmed line to a throw-away audit log, as the gate would, and runs {@code act} under its approval.
 */
public final class TestApproval {

    private TestApproval() {
    }

    public static <T> T during(String action, Supplier<T> act) {
        try {
            Path dir = Files.createTempDirectory("kshell-approval");
            AuditLog log = new AuditLog(dir.resolve("audit.jsonl"));
            return log.confirm(AuditEntry.of("test", "test", "test " + action, action, AuditDecision.CONFIRMED,
                    "a test drives the gateway", null, null)).during(act);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
