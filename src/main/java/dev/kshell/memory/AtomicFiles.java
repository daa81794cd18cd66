package dev.kshell.memory;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.concurrent.atomic.AtomicLong;
import dev.kshell.util.PrivateFiles;

/** Whole-file replacement that a crash never leaves half-written: write a sibling temp file, fsync, rename over. */
final class AtomicFiles {

    private static final AtomicLong COUNTER = new AtomicLong();

    private AtomicFiles() {
    }

    static void replace(Path file, String text) throws IOException {
        // a name of this process's own, made without Files.createTempFile: its SecureRandom costs a one-shot command
        // some 5 ms of start-up; the file is created new (never an existing one followed) and private
        Path tmp = file.resolveSibling(file.getFileName() + "." + ProcessHandle.current().pid() + "."
                + COUNTER.incrementAndGet() + ".tmp");
        Files.deleteIfExists(tmp); // a dead process's leftover with this pid: no live process has its name
        Files.createFile(tmp, PrivateFiles.fileAttributes(tmp));
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                ByteBuffer buffer = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
                while (buffer.hasRemaining()) {
                    ch.write(buffer);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                // a file system without atomic rename (rare for a home directory): still never a half-written file
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
