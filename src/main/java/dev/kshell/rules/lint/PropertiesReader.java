package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads Java properties files keeping the line of every key. Follows {@link java.util.Properties#load(java.io.Reader)}
 * exactly (comments with {@code #} or {@code !}, separators {@code =}, {@code :} or whitespace, {@code \} line
 * continuation, {@code \\uXXXX} and other escapes), so that what it returns is what Kafka would see. Never throws:
 * a file that cannot be read is an {@link Unreadable} value.
 */
public final class PropertiesReader {

    /** Larger files are refused: a server.properties is a few KiB. */
    static final long MAX_BYTES = 4L * 1024 * 1024;

    /** What reading one file gave. */
    public sealed interface Result permits Read, Unreadable {
        /** The path as given. */
        String path();
    }

    /** The file was read (it may still have problems, see {@link PropertiesFile#problems()}). */
    public record Read(PropertiesFile file) implements Result {
        @Override
        public String path() {
            return file.path();
        }
    }

    /** The file could not be read; {@code reason} is one sentence for the user. */
    public record Unreadable(String path, String reason) implements Result {
    }

    private PropertiesReader() {
    }

    /** Reads {@code file}; {@code where} of findings uses {@code file.toString()}, i.e. the path as given. */
    public static Result read(Path file) {
        String path = file.toString();
        try {
            if (Files.isDirectory(file)) {
                return new Unreadable(path, "is a directory, not a properties file");
            }
            if (!Files.exists(file)) {
                return new Unreadable(path, "no such file");
            }
            if (!Files.isRegularFile(file)) {
                return new Unreadable(path, "is not a regular file");
            }
            long size = Files.size(file);
            if (size > MAX_BYTES) {
                return new Unreadable(path, "is " + size + " bytes, too large for a server.properties (limit "
                        + MAX_BYTES + ")");
            }
            return decode(path, Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            return new Unreadable(path, "no such file");
        } catch (AccessDeniedException e) {
            return new Unreadable(path, "permission denied");
        } catch (IOException | SecurityException | UnsupportedOperationException e) {
            return new Unreadable(path, "cannot be read: " + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : " " + e.getMessage()));
        }
    }

    /**
     * Decodes raw bytes: UTF-8 when valid, else ISO-8859-1 (what Kafka's {@code Properties.load(InputStream)} uses).
     * A NUL byte means the file is binary, not properties.
     */
    public static Result decode(String path, byte[] bytes) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == 0) {
                return new Unreadable(path, "looks binary (NUL byte at offset " + i + "), not a properties file");
            }
        }
        String text;
        try {
            text = StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            text = new String(bytes, StandardCharsets.ISO_8859_1);
        }
        return new Read(parse(path, text));
    }

    /** Parses properties text; never throws. */
    public static PropertiesFile parse(String path, String text) {
        List<Finding> problems = new ArrayList<>();
        String body = text;
        if (body.startsWith("\uFEFF")) {
            // Kafka loads server.properties as ISO-8859-1: the mark becomes part of the first key.
            problems.add(new Finding(Severity.ERROR, "byte-order-mark", path + ":1",
                    "the file starts with a UTF-8 byte-order mark; Kafka reads server.properties as ISO-8859-1, "
                            + "so its first key gets three stray characters and is ignored",
                    "save " + path + " as UTF-8 without BOM (or ASCII)"));
            body = body.substring(1);
        }
        List<PropertyEntry> entries = new ArrayList<>();
        Map<String, PropertyEntry> seen = new HashMap<>();
        for (LogicalLine ll : logicalLines(body)) {
            PropertyEntry entry;
            try {
                entry = split(ll);
            } catch (IllegalArgumentException e) {
                problems.add(new Finding(Severity.ERROR, "malformed-escape", path + ":" + ll.line,
                        "malformed \\uXXXX escape; Kafka fails to load the whole file (" + e.getMessage() + ")",
                        "write the character itself or a complete escape such as \\u00e9 on line " + ll.line));
                continue;
            }
            PropertyEntry earlier = seen.put(entry.key(), entry);
            if (earlier != null) {
                problems.add(new Finding(Severity.WARNING, "duplicate-key", path + ":" + entry.line(),
                        entry.key() + " is set twice (lines " + earlier.line() + " and " + entry.line()
                                + "); the last one wins, so line " + earlier.line() + " is ignored",
                        "keep one line: " + entry.key() + "=" + entry.value() + " and delete line "
                                + earlier.line()));
            }
            entries.add(entry);
        }
        return new PropertiesFile(path, entries, problems);
    }

    /** A logical line: its characters (continuations joined) and the physical line it starts on. */
    record LogicalLine(String chars, int line) {
    }

    /** Java's Properties.LineReader, plus line numbers. */
    static List<LogicalLine> logicalLines(String s) {
        LineReader reader = new LineReader();
        for (int i = 0; i < s.length(); i++) {
            if (reader.read(s, i)) {
                return reader.out;
            }
        }
        reader.finish();
        return reader.out;
    }

    /** The JDK's reader as a state machine, one character at a time, so each state change reads as in the JDK. */
    private static final class LineReader {
        private final List<LogicalLine> out = new ArrayList<>();
        private final StringBuilder buf = new StringBuilder();
        private int physical = 1;
        private int startLine = 1;
        private boolean skipWhiteSpace = true;
        private boolean appendedLineBegin = false;
        private boolean isCommentLine = false;
        private boolean precedingBackslash = false;
        private boolean skipLF = false;

        /** Reads the character at {@code i}; true when the input ends here (the JDK returns early, see below). */
        boolean read(String s, int i) {
            char c = s.charAt(i);
            if (skipLF) {
                skipLF = false;
                if (c == '\n') {
                    return false;
                }
            }
            boolean terminator = c == '\n' || c == '\r';
            int lineOfChar = physical;
            if (terminator) {
                // "\r\n" counts once: the '\n' of a "\r\n" pair does not advance the line again.
                if (!(c == '\n' && i > 0 && s.charAt(i - 1) == '\r')) {
                    physical++;
                }
            }
            if (skipWhiteSpace) {
                if (c == ' ' || c == '\t' || c == '\f') {
                    return false;
                }
                if (!appendedLineBegin && terminator) {
                    return false;
                }
                skipWhiteSpace = false;
                appendedLineBegin = false;
            }
            // As in the JDK: a comment starts wherever the logical line is still empty (even after a continuation).
            if (buf.length() == 0 && !isCommentLine && (c == '#' || c == '!')) {
                isCommentLine = true;
                return false;
            }
            if (!terminator) {
                if (!isCommentLine) {
                    if (buf.length() == 0) {
                        startLine = lineOfChar;
                    }
                    buf.append(c);
                    precedingBackslash = c == '\\' && !precedingBackslash;
                }
                return false;
            }
            return endOfLine(c, i == s.length() - 1);
        }

        /** A line terminator outside leading white space: the logical line ends, or goes on after a backslash. */
        private boolean endOfLine(char c, boolean lastChar) {
            if (isCommentLine || buf.length() == 0) {
                isCommentLine = false;
                skipWhiteSpace = true;
                buf.setLength(0);
                return false;
            }
            if (lastChar) {
                // The JDK returns the line when input ends right after its terminator, even if only a
                // continuation backslash was on it (an entry with empty key and value).
                if (precedingBackslash) {
                    buf.setLength(buf.length() - 1);
                }
                out.add(new LogicalLine(buf.toString(), startLine));
                return true;
            }
            if (precedingBackslash) {
                buf.setLength(buf.length() - 1);
                skipWhiteSpace = true;
                appendedLineBegin = true;
                precedingBackslash = false;
                if (c == '\r') {
                    skipLF = true;
                }
            } else {
                out.add(new LogicalLine(buf.toString(), startLine));
                buf.setLength(0);
                skipWhiteSpace = true;
            }
            return false;
        }

        /** Input ended without a terminator: the last line, unless it was a comment. */
        void finish() {
            if (buf.length() > 0 && !isCommentLine) {
                if (precedingBackslash) {
                    buf.setLength(buf.length() - 1);
                }
                out.add(new LogicalLine(buf.toString(), startLine));
            }
        }
    }

    /** Java's Properties.load0 key/value split. */
    static PropertyEntry split(LogicalLine ll) {
        String line = ll.chars;
        int limit = line.length();
        int keyLen = 0;
        int valueStart = limit;
        boolean hasSep = false;
        boolean precedingBackslash = false;
        while (keyLen < limit) {
            char c = line.charAt(keyLen);
            if ((c == '=' || c == ':') && !precedingBackslash) {
                valueStart = keyLen + 1;
                hasSep = true;
                break;
            } else if ((c == ' ' || c == '\t' || c == '\f') && !precedingBackslash) {
                valueStart = keyLen + 1;
                break;
            }
            precedingBackslash = c == '\\' && !precedingBackslash;
            keyLen++;
        }
        while (valueStart < limit) {
            char c = line.charAt(valueStart);
            if (c != ' ' && c != '\t' && c != '\f') {
                if (!hasSep && (c == '=' || c == ':')) {
                    hasSep = true;
                } else {
                    break;
                }
            }
            valueStart++;
        }
        return new PropertyEntry(unescape(line, 0, keyLen), unescape(line, valueStart, limit), ll.line);
    }

    /** Java's Properties.loadConvert. */
    static String unescape(String in, int from, int to) {
        StringBuilder out = new StringBuilder(to - from);
        int off = from;
        while (off < to) {
            char c = in.charAt(off++);
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (off >= to) {
                break; // a lone trailing backslash is dropped
            }
            c = in.charAt(off++);
            if (c == 'u') {
                if (off > to - 4) {
                    throw new IllegalArgumentException("Malformed \\uxxxx encoding.");
                }
                int value = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(in.charAt(off++), 16);
                    char h = in.charAt(off - 1);
                    if (digit < 0 || h > 'f') {
                        throw new IllegalArgumentException("Malformed \\uxxxx encoding.");
                    }
                    value = (value << 4) + digit;
                }
                out.append((char) value);
            } else {
                out.append(switch (c) {
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    case 'n' -> '\n';
                    case 'f' -> '\f';
                    default -> c;
                });
            }
        }
        return out.toString();
    }
}
