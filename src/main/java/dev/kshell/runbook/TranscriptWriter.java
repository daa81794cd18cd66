package dev.kshell.runbook;

import dev.kshell.memory.RequestedFile;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.kshell.connection.Secrets;
import dev.kshell.util.PrivateFiles;
import tools.jackson.databind.json.JsonMapper;
import dev.kshell.util.OsIdentity;
import java.util.Collection;
import java.util.function.UnaryOperator;
import tools.jackson.core.JacksonException;

/**
 * The record of one run, as JSON lines: one object per line, flushed as soon as it is written so that a run that is
 * aborted or killed still leaves everything up to that point. JSON lines rather than plain text because step output
 * is multi-line and arbitrary (JSON escapes it unambiguously), the file can be read back by tools ({@code jq}), and
 * the audit log uses the same format.
 *
 * <p>Events: {@code start} (file, params, options), one {@code step} per executed or skipped line (time, line, kind,
 * step text, output, exitCode, ms), and {@code end} (exitCode, failedAt, message, interrupted). Times are ISO-8601
 * UTC.
 *
 * <p>A transcript is stored text: every value is masked by {@link Secrets} before it is written (a param or a map
 * entry whose key is a secret, a PASSWORD-typed property or a JAAS password quoted in a step, its output or an
 * error), so a run that connected with {@code --command-config} leaves no secret in the file.
 */
public final class TranscriptWriter implements Closeable {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final DateTimeFormatter FILE_TIME = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")
            .withZone(ZoneOffset.UTC);

    private final Path file;
    private final BufferedWriter writer;
    private final Clock clock;
    /** Masks every string written: {@link Secrets#maskText}, and from {@link #start} the runbook's secret params. */
    private UnaryOperator<String> mask = Secrets::maskText;

    private TranscriptWriter(Path file, BufferedWriter writer, Clock clock) {
        this.file = file;
        this.writer = writer;
        this.clock = clock;
    }

    /**
     * Creates the transcript file {@code --transcript} names, 0600: a new file, never through a link, never over a
     * file or one of kshell's own ({@link RequestedFile}).
     */
    public static TranscriptWriter open(Path file, Clock clock) throws IOException {
        RequestedFile.Refusable checked = RequestedFile.check(file, "--transcript");
        if (checked.refused() != null) {
            throw new IOException(checked.refused());
        }
        return new TranscriptWriter(checked.file().path(), checked.file().open(), clock);
    }

    /** Creates a new file {@code dir/<yyyyMMdd-HHmmss>-<runbook>.jsonl} (UTC), never overwriting one. */
    public static TranscriptWriter create(Path dir, String runbookFileName, Clock clock) throws IOException {
        PrivateFiles.createDirectories(dir);
        String base = FILE_TIME.format(clock.instant()) + "-" + stem(runbookFileName);
        for (int n = 1; ; n++) {
            Path file = dir.resolve(base + (n == 1 ? "" : "-" + n) + ".jsonl");
            try {
                return new TranscriptWriter(file, PrivateFiles.newWriter(file, StandardOpenOption.CREATE_NEW,
                        StandardOpenOption.WRITE), clock);
            } catch (FileAlreadyExistsException e) {
                if (n > 1000) {
                    throw e;
                }
            }
        }
    }

    public Path file() {
        return file;
    }

    public void start(Runbook runbook, RunbookOptions options) throws IOException {
        mask = Secrets.masker(Secrets.secretValues(runbook.values()));
        Map<String, Object> e = event("start");
        e.put("file", runbook.fileName());
        e.put("params", runbook.values());
        e.put("dryRun", options.dryRun());
        e.put("step", options.step());
        e.put("yes", options.yes());
        e.put("user", OsIdentity.user());
        write(e);
    }

    /**
     * @param kind     command, echo, assert, wait-until, confirm, guard
     * @param exitCode the step's exit code; for skipped steps null
     */
    public void step(int line, String kind, String text, String output, Integer exitCode, long millis,
            String note) throws IOException {
        Map<String, Object> e = event("step");
        e.put("line", line);
        e.put("kind", kind);
        e.put("step", text);
        e.put("output", output);
        e.put("exitCode", exitCode);
        e.put("ms", millis);
        if (note != null) {
            e.put("note", note);
        }
        write(e);
    }

    public void end(RunResult result) throws IOException {
        Map<String, Object> e = event("end");
        e.put("exitCode", result.exitCode().code());
        e.put("failedAt", result.failedAt());
        e.put("message", result.message());
        e.put("interrupted", result.interrupted());
        write(e);
    }

    private Map<String, Object> event(String name) {
        Map<String, Object> e = new LinkedHashMap<>();
        e.put("time", clock.instant().toString());
        e.put("event", name);
        return e;
    }

    private void write(Map<String, Object> event) throws IOException {
        try {
            writer.write(JSON.writeValueAsString(masked(event, mask)));
        } catch (JacksonException e) {
            throw new IOException("cannot write the transcript: " + e.getMessage(), e);
        }
        writer.newLine();
        writer.flush();
    }

    /** The value with its secrets masked: strings as text, map entries by key too, lists element by element. */
    static Object masked(Object value, UnaryOperator<String> mask) {
        if (value instanceof String text) {
            return mask.apply(text);
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> out = new LinkedHashMap<>();
            map.forEach((k, v) -> out.put(k, v != null && Secrets.isSecretKey(String.valueOf(k)) ? Secrets.MASK
                    : masked(v, mask)));
            return out;
        }
        if (value instanceof Collection<?> list) {
            return list.stream().map(v -> masked(v, mask)).toList();
        }
        return value;
    }

    @Override
    public void close() throws IOException {
        writer.close();
    }

    private static String stem(String fileName) {
        String name = fileName == null ? "runbook" : fileName.replaceAll(".*[/\\\\]", "");
        if (name.endsWith(".ksh")) {
            name = name.substring(0, name.length() - 4);
        }
        name = name.replaceAll("[^A-Za-z0-9._-]", "_");
        return name.isEmpty() ? "runbook" : name;
    }
}
