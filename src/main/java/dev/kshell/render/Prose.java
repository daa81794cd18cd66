package dev.kshell.render;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Prose (findings, advice, notes) broken into lines at the terminal's width, on word boundaries, with its
 * indentation kept: at 80 columns a finding reads as it does at 160, instead of being cut mid-word by the terminal.
 * Pure: {@code (text, width, indent) -> lines}. Width 0 (piped output, width unknown) leaves every line whole, so
 * that a script's grep sees one finding per line.
 */
public final class Prose {

    private Prose() {
    }

    /**
     * The lines of {@code text}: its first line as given (its own leading spaces and label included), every
     * continuation line starting with {@code indent} spaces; none longer than {@code width} unless one word is (a
     * command or a path stays whole, so that it can still be pasted). Newlines in the text are kept as line breaks.
     *
     * @param width  the terminal's columns; 0 or less: no wrapping
     * @param indent the spaces before each continuation line
     */
    public static List<String> lines(String text, int width, int indent) {
        List<String> out = new ArrayList<>();
        for (String paragraph : Safe.prose(text).split("\n", -1)) { // prose quotes names clients chose
            if (width <= 0 || paragraph.length() <= width) {
                out.add(paragraph);
                continue;
            }
            wrapLine(paragraph, width, Math.min(indent, Math.max(0, width - 10)), out);
        }
        return out;
    }

    /** {@link #lines} joined, each line ended by a newline. */
    public static String text(String text, int width, int indent) {
        StringBuilder out = new StringBuilder();
        lines(text, width, indent).forEach(l -> out.append(l).append('\n'));
        return out.toString();
    }

    /** One paragraph: a word that does not fit moves to the next line whole; one longer than a line overflows it. */
    private static void wrapLine(String paragraph, int width, int indent, List<String> out) {
        String continuation = " ".repeat(indent);
        StringBuilder line = new StringBuilder();
        boolean empty = true; // no word on the line yet (its indentation only)
        boolean first = true;
        int before = out.size();
        // each word with the spaces before it: a label's own spacing ("do:   x") is kept within a line
        Matcher m = WORD.matcher(paragraph);
        while (m.find()) {
            String space = m.group(1);
            String word = m.group(2);
            if (first) {
                line.append(space); // the paragraph's own indentation
                first = false;
            } else if (!empty && line.length() + space.length() + word.length() > width) {
                out.add(line.toString());
                line.setLength(0);
                line.append(continuation);
                empty = true;
            } else if (!empty) {
                line.append(space);
            }
            line.append(word);
            empty = false;
        }
        if (!empty || out.size() == before) {
            out.add(line.toString());
        }
    }

    private static final Pattern WORD = Pattern.compile("( *)([^ ]+)");
}
