package dev.kshell.app;

import ch.qos.logback.classic.LoggerContext;
import dev.kshell.audit.AuditDecision;
import dev.kshell.audit.AuditEntry;
import dev.kshell.audit.AuditLog;
import dev.kshell.runbook.Runbook;
import dev.kshell.runbook.RunbookOptions;
import dev.kshell.runbook.TranscriptWriter;
import dev.kshell.memory.StateStore;
import dev.kshell.util.FileLockWithDeadline;
import dev.kshell.util.PrivateFiles;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.terminal.Terminal;
import org.jline.terminal.impl.ExternalTerminal;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Run by {@link PrivateFilesTest} in a child JVM under a permissive umask: creates, in a fresh kshell home given as
 * the argument, everything a session creates (the home itself by the log, kshell.log, history, a lock, state/, a
 * transcript, the audit log, a sandbox's records directory) through the code kshell uses for each.
 */
public final class PrivateFilesMain {

    private PrivateFilesMain() {
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(args[0]);
        // the log creates the home (logback would mkdir it 0755 / 0777 under the umask)
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new ch.qos.logback.classic.util.LogbackMDCAdapter());
        context.putProperty(KshellLogging.LOG_FILE_PROPERTY, home.resolve("kshell.log").toString());
        KshellLogging logging = new KshellLogging();
        logging.setContext(context);
        logging.configure(context);
        context.getLogger("dev.kshell.app").info("a line in the log");
        context.stop();

        byte[] typed = "run fix.ksh --param token=TOKEN-IN-CLEAR --yes\n".getBytes(StandardCharsets.UTF_8);
        try (Terminal terminal = new ExternalTerminal("private-files", "xterm", new ByteArrayInputStream(typed),
                new ByteArrayOutputStream(), StandardCharsets.UTF_8)) {
            LineReader reader = LineReaderBuilder.builder().terminal(terminal)
                    .variable(LineReader.HISTORY_FILE, home.resolve("history")).history(new PrivateHistory()).build();
            reader.readLine("> "); // as at the prompt: JLine keeps the line and saves the file
            reader.getHistory().save();
        }
        try (FileLockWithDeadline lock = FileLockWithDeadline.acquire(home.resolve("locks/x.lock"),
                Duration.ofSeconds(30))) {
            // held and released
        }
        new StateStore(home.resolve("state")).record("cluster-1", Map.of(), 1, Instant.now());
        Runbook runbook = new Runbook("fix.ksh", List.of(), List.of(), Map.of(), false);
        try (TranscriptWriter t = TranscriptWriter.create(home.resolve("transcripts"), "fix.ksh", Clock.systemUTC())) {
            t.start(runbook, new RunbookOptions(Map.of(), false, false, false, null));
        }
        new AuditLog(home.resolve("audit.jsonl")).append(AuditEntry.of("cluster-1", "b:9092", "elect preferred --all",
                "elect-preferred", AuditDecision.DRY_RUN, "test", null, null));
        PrivateFiles.createDirectories(home.resolve("sandbox/kshell"));
        System.out.println("created");
    }
}
