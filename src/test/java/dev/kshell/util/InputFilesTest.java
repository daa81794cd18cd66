package dev.kshell.util;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

@Timeout(10)
class InputFilesTest {

    @TempDir
    Path tmp;

    private static String problem(Validated<?> v) {
        return v.errors().get(0).format();
    }

    @Test
    void should_read_a_regular_utf8_file() throws Exception {
        Path f = tmp.resolve("a.ksh");
        Files.writeString(f, "echo café\n");
        assertThat(InputFiles.readUtf8(f, f.toString(), 100).orElseThrow()).isEqualTo("echo café\n");
    }

    @Test
    void should_refuse_fifos_devices_directories_and_missing_files_without_opening_them() throws Exception {
        Path fifo = tmp.resolve("f");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();

        assertThat(problem(InputFiles.readBytes(fifo, "f", 100)))
                .isEqualTo("f: is not a regular file (a FIFO, a device or a socket)");
        assertThat(problem(InputFiles.readBytes(Path.of("/dev/zero"), "/dev/zero", 100)))
                .isEqualTo("/dev/zero: is not a regular file (a FIFO, a device or a socket)");
        assertThat(problem(InputFiles.readBytes(tmp, "d", 100))).isEqualTo("d: is a directory, not a file");
        assertThat(problem(InputFiles.readBytes(tmp.resolve("none"), "none", 100))).isEqualTo("none: no such file");
    }

    @Test
    void should_refuse_a_file_over_the_limit() throws Exception {
        Path f = tmp.resolve("big");
        Files.write(f, new byte[101]);
        assertThat(problem(InputFiles.readBytes(f, "big", 100)))
                .isEqualTo("big: is 101 bytes, more than the limit of 100 bytes");
    }

    @Test
    void should_name_the_line_of_the_first_byte_that_is_not_utf8() throws Exception {
        Path f = tmp.resolve("l.ksh");
        Files.write(f, "a\nb\nc\u00e9\n".getBytes(StandardCharsets.ISO_8859_1));
        assertThat(problem(InputFiles.readUtf8(f, "l.ksh", 100)))
                .isEqualTo("l.ksh:3: not UTF-8 text (byte 0xE9): save the file as UTF-8");
    }
}
