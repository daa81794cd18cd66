package dev.kshell.audit;

import java.nio.file.Path;

/** A second "shell" in its own JVM, for the cross-process append test: args = file, count, tag. */
public final class AuditAppendMain {

    private AuditAppendMain() {
    }

    public static void main(String[] args) {
        AuditLog log = new AuditLog(Path.of(args[0]));
        int count = Integer.parseInt(args[1]);
        for (int i = 0; i < count; i++) {
            log.append(AuditEntry.of("cluster", "b:9092", "elect preferred --all --dry-run", "elect-preferred",
                    AuditDecision.DRY_RUN, args[2] + "-" + i + "-" + "x".repeat(2000), null, null));
        }
    }
}
