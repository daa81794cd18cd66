package dev.kshell.util;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.CharBuffer;
import java.nio.charset.CoderResult;

/**
 * How kshell reads a file a person names (a runbook, a {@code --command-config}, profiles.yaml): only a regular file
 * (never a FIFO, a device such as {@code /dev/zero}, a socket or a directory: opening a FIFO blocks, a device never
 * ends), at most a size limit, read with that limit even if the file grows after it was checked. Every refusal is
 * one sentence naming the file, for a usage error (exit 2).
 */
public final class InputFiles {

    /** The limit for the text files kshell reads: 4 MiB (a runbook, a properties file, profiles.yaml). */
    public static final long MAX_TEXT_BYTES = 4L * 1024 * 1024;

    private InputFiles() {
    }

    /**
     * The bytes of {@code file}, or why it cannot be read: {@code no such file}, {@code is a directory}, {@code is not
     * a regular file (a FIFO, a device or a socket)}, {@code is N bytes, more than the limit of M},
     * {@code permission denied}. A symbolic link is followed to what it names, which must be a regular file.
     */
    public static Validated<byte[]> readBytes(Path file, long maxBytes) {
        return readBytes(file, SettingsError.display(file), maxBytes);
    }

    /** {@link #readBytes(Path, long)}, the file named {@code where} in the sentence. */
    public static Validated<byte[]> readBytes(Path file, String where, long maxBytes) {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            return Validated.failed(SettingsError.of(where, "no such file"));
        } catch (IOException | SecurityException e) {
            return Validated.failed(SettingsError.of(where, "cannot be read: " + reason(e)));
        }
        if (attributes.isDirectory()) {
            return Validated.failed(SettingsError.of(where, "is a directory, not a file"));
        }
        if (!attributes.isRegularFile()) {
            return Validated.failed(SettingsError.of(where, "is not a regular file (a FIFO, a device or a socket)"));
        }
        if (attributes.size() > maxBytes) {
            return Validated.failed(tooLarge(where, attributes.size(), maxBytes));
        }
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
            if (bytes.length > maxBytes) {
                return Validated.failed(tooLarge(where, bytes.length, maxBytes)); // it grew after the check
            }
            return Validated.ok(bytes);
        } catch (NoSuchFileException e) {
            return Validated.failed(SettingsError.of(where, "no such file"));
        } catch (AccessDeniedException e) {
            return Validated.failed(SettingsError.of(where, "permission denied"));
        } catch (IOException | SecurityException e) {
            return Validated.failed(SettingsError.of(where, "cannot be read: " + reason(e)));
        }
    }

    /**
     * {@link #readBytes}, decoded as UTF-8; a byte sequence that is not UTF-8 is refused with its line
     * ({@code runbook.ksh:3: not UTF-8 text (byte 0xE9)}).
     */
    public static Validated<String> readUtf8(Path file, long maxBytes) {
        return readUtf8(file, SettingsError.display(file), maxBytes);
    }

    /** {@link #readUtf8(Path, long)}, the file named {@code where} in the sentence. */
    public static Validated<String> readUtf8(Path file, String where, long maxBytes) {
        return readBytes(file, where, maxBytes).flatMap(bytes -> decodeUtf8(where, bytes));
    }

    /** {@code bytes} as UTF-8 text, or the line of the first byte that is not UTF-8. */
    public static Validated<String> decodeUtf8(String where, byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        try {
            return Validated.ok(decoder.decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            int bad = firstInvalidUtf8(bytes);
            int line = 1;
            for (int i = 0; i < bad && i < bytes.length; i++) {
                if (bytes[i] == '\n') {
                    line++;
                }
            }
            String at = bad < bytes.length ? String.format(" (byte 0x%02X)", bytes[bad] & 0xFF) : "";
            return Validated.failed(new SettingsError(where, line, 0, "not UTF-8 text" + at
                    + ": save the file as UTF-8"));
        }
    }

    // The offset of the first byte that does not start or continue a well-formed UTF-8 sequence (its decoding fails).
    private static int firstInvalidUtf8(byte[] bytes) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes);
        CharBuffer out = CharBuffer.allocate(Math.max(16, bytes.length));
        CoderResult result = decoder.decode(in, out, true);
        return result.isError() ? in.position() : bytes.length;
    }

    private static SettingsError tooLarge(String where, long size, long maxBytes) {
        return SettingsError.of(where, "is " + size + " bytes, more than the limit of " + maxBytes + " bytes");
    }

    private static String reason(Exception e) {
        return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    }
}
