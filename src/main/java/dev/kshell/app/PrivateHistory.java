package dev.kshell.app;

import dev.kshell.connection.Secrets;
import dev.kshell.util.PrivateFiles;
import org.jline.reader.LineReader;
import org.jline.reader.impl.history.DefaultHistory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.time.Instant;

/**
 * The REPL's history, which stores no secret: a line is masked by {@link Secrets#maskText} before JLine keeps it
 * ({@code connect ... ssl.key.password=...}, {@code run fix.ksh --param token=...}, a pasted {@code password=...} or
 * PEM key), so neither the up-arrow nor the history file gives the value back. The file is created 0600 (its
 * directory 0700) before JLine first writes it. A line longer than {@link #LONGEST_LINE} is not kept at all: a
 * pasted log or file is no command to recall, and one 2 MB paste made a 6.8 MB history file that every start read.
 */
final class PrivateHistory extends DefaultHistory {

    /** The longest line kept, in characters (a long {@code connect} or {@code run --param} line is a few hundred). */
    static final int LONGEST_LINE = 4096;

    private LineReader reader;

    @Override
    public void attach(LineReader attached) {
        this.reader = attached;
        super.attach(attached);
    }

    @Override
    public void add(Instant time, String line) {
        if (line.length() > LONGEST_LINE) {
            return; // not masked either: masking 2 MB of text costs time for a line nobody will recall
        }
        super.add(time, Secrets.maskText(line));
    }

    /**
     * A line read from the file: one longer than the limit (written before it existed) is left out. The file holds a
     * line escaped (a backslash doubled) after its time stamp, so its stored form may be up to twice as long.
     */
    @Override
    protected void addHistoryLine(Path path, String line, boolean checkDuplicates) {
        if (storable(line)) {
            super.addHistoryLine(path, line, checkDuplicates);
        } else {
            longLineRead = true;
        }
    }

    private static boolean storable(String stored) {
        return stored.length() <= 2 * LONGEST_LINE + 32;
    }

    /** True while a load found a line over the limit, until the file is written again without it. */
    private boolean longLineRead;

    /**
     * Loads as JLine does; a file that held a line over the limit is then written again without it, in place (its
     * 0600 mode kept, every other line kept).
     */
    @Override
    public void load() throws IOException {
        longLineRead = false;
        super.load();
        Object file = reader == null ? null : reader.getVariable(LineReader.HISTORY_FILE);
        if (longLineRead && file != null) {
            Path path = file instanceof Path p ? p : Path.of(file.toString());
            List<String> kept = Files.readAllLines(path).stream().filter(PrivateHistory::storable).toList();
            Files.write(path, kept, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE);
            longLineRead = false;
        }
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
