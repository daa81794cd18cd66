package dev.kshell.app;

import dev.kshell.connection.Secrets;
import dev.kshell.util.PrivateFiles;
import org.jline.reader.LineReader;
import org.jline.reader.impl.history.DefaultHistory;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;

/**
 * The REPL's history, which stores no secret: a line is masked by {@link Secrets#maskText} before JLine keeps it
 * ({@code connect ... ssl.key.password=...}, {@code run fix.ksh --param token=...}, a pasted {@code password=...} or
 * PEM key), so neither the up-arrow nor the history file gives the value back. The file is created 0600 (its
 * directory 0700) before JLine first writes it.
 */
final class PrivateHistory extends DefaultHistory {

    private LineReader reader;

    @Override
    public void attach(LineReader attached) {
        this.reader = attached;
        super.attach(attached);
    }

    @Override
    public void add(Instant time, String line) {
        super.add(time, Secrets.maskText(line));
    }

    @Override
    public void save() throws IOException {
        Object file = reader == null ? null : reader.getVariable(LineReader.HISTORY_FILE);
        if (file != null) {
            PrivateFiles.createFile(file instanceof Path path ? path : Path.of(file.toString()));
        }
        super.save();
    }
}
