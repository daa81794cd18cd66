package dev.kshell.connection;

import dev.kshell.util.SettingsError;
import dev.kshell.util.Validated;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import dev.kshell.util.InputFiles;
import java.io.ByteArrayInputStream;

/** Reads a Kafka client properties file, the file Kafka's own tools take as {@code --command-config}. */
public final class ClientProperties {

    private ClientProperties() {
    }

    /**
     * The properties of {@code file}, sorted by key, read by {@link Properties#load(InputStream)} rules (ISO-8859-1
     * with unicode escapes), exactly as Kafka's {@code Utils.loadProps} reads a {@code --command-config} file.
     *
     * @return the properties, or an error naming the file when it is missing, a directory, unreadable or malformed
     */
    public static Validated<Map<String, String>> load(Path file) {
        String where = SettingsError.display(file);
        if (Files.isDirectory(file)) {
            return Validated.failed(SettingsError.of(where, "is a directory, not a client properties file"));
        }
        if (!Files.exists(file)) {
            return Validated.failed(SettingsError.of(where, "command config file not found"));
        }
        // a regular file of at most 4 MiB: a FIFO hung the launcher, a device never ends
        Validated<byte[]> bytes = InputFiles.readBytes(file, where,
                InputFiles.MAX_TEXT_BYTES);
        if (!bytes.isOk()) {
            String reason = bytes.errors().get(0).message();
            return Validated.failed(SettingsError.of(where, "permission denied".equals(reason)
                    ? "cannot read command config file: permission denied" : "command config file " + reason));
        }
        Properties props = new Properties();
        try (InputStream in = new ByteArrayInputStream(bytes.orElseThrow())) {
            props.load(in);
        } catch (NoSuchFileException e) {
            return Validated.failed(SettingsError.of(where, "command config file not found"));
        } catch (AccessDeniedException e) {
            return Validated.failed(SettingsError.of(where, "cannot read command config file: permission denied"));
        } catch (IOException e) {
            return Validated.failed(SettingsError.of(where, "cannot read command config file: " + e.getMessage()));
        } catch (IllegalArgumentException e) {
            // Properties.load rejects a malformed \\uXXXX escapes this way.
            return Validated.failed(SettingsError.of(where, "not a valid properties file: " + e.getMessage()));
        }
        Map<String, String> out = new TreeMap<>();
        for (String key : props.stringPropertyNames()) {
            out.put(key, props.getProperty(key));
        }
        return Validated.ok(Collections.unmodifiableMap(out));
    }
}
