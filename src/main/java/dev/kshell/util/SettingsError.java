package dev.kshell.util;

import java.nio.file.Path;

/**
 * A problem with connection settings, as a value: where it is ({@code source}, a file shown with {@code ~} for the
 * home directory, or an option name such as {@code --timeout}), the 1-based line and column when known (0 when not),
 * and one sentence saying what is wrong.
 */
public record SettingsError(String source, int line, int column, String message) {

    /** An error about an option or a whole file, with no position. */
    public static SettingsError of(String source, String message) {
        return new SettingsError(source, 0, 0, message);
    }

    /** {@code source:line:column: message}, leaving out the parts that are unknown. */
    public String format() {
        StringBuilder out = new StringBuilder(source);
        if (line > 0) {
            out.append(':').append(line);
            if (column > 0) {
                out.append(':').append(column);
            }
        }
        return out.append(": ").append(message).toString();
    }

    @Override
    public String toString() {
        return format();
    }

    /** A path as a user would type it: the home directory shown as {@code ~}. */
    public static String display(Path path) {
        String shown = path.toString();
        String home = Environment.userHome();
        if (home != null && !home.isEmpty() && !"/".equals(home) && shown.startsWith(home + "/")) {
            return "~" + shown.substring(home.length());
        }
        return shown;
    }
}
