package dev.kshell.rules.lint;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The result of linting a set of server.properties files.
 *
 * @param findings   every finding, sorted by file (in the order given), then line, then severity (worst first),
 *                   then rule; {@code where} is "path:line", or "path" when the finding is about a missing key or
 *                   an unreadable file
 * @param files      every path given, as given, in order
 * @param unreadable the paths that could not be read (each also has an {@code unreadable-file} finding)
 */
public record LintReport(List<Finding> findings, List<String> files, List<String> unreadable) {

    public LintReport {
        files = List.copyOf(files);
        unreadable = List.copyOf(unreadable);
        List<String> order = files;
        findings = findings.stream().distinct().sorted(Comparator
                        .<Finding>comparingInt(f -> fileIndex(order, f.where()))
                        .thenComparing(f -> file(f.where()))
                        .thenComparingInt(f -> line(f.where()))
                        .thenComparing(Finding::severity, Comparator.reverseOrder())
                        .thenComparing(Finding::rule)
                        .thenComparing(Finding::message))
                .toList();
    }

    /** The paths that were read. */
    public List<String> filesRead() {
        return files.stream().filter(f -> !unreadable.contains(f)).toList();
    }

    /** How many findings of each severity (every severity present, zero when none). */
    public Map<Severity, Integer> counts() {
        Map<Severity, Integer> counts = new EnumMap<>(Severity.class);
        for (Severity s : Severity.values()) {
            counts.put(s, 0);
        }
        findings.forEach(f -> counts.merge(f.severity(), 1, Integer::sum));
        return Collections.unmodifiableMap(counts);
    }

    /** The worst severity found, if any. */
    public Optional<Severity> worst() {
        return findings.stream().map(Finding::severity).max(Comparator.naturalOrder());
    }

    /** Findings of at least that severity. */
    public List<Finding> atLeast(Severity severity) {
        return findings.stream().filter(f -> f.severity().atLeast(severity)).toList();
    }

    /** USAGE (2) if a file could not be read, FINDINGS (1) for any WARNING or worse, else OK (0). */
    public ExitCode exitCode() {
        if (!unreadable.isEmpty()) {
            return ExitCode.USAGE;
        }
        return worst().filter(s -> s.atLeast(Severity.WARNING)).isPresent() ? ExitCode.FINDINGS : ExitCode.OK;
    }

    /** The file part of a "path:line" where. */
    static String file(String where) {
        int colon = where.lastIndexOf(':');
        if (colon > 0 && colon < where.length() - 1 && where.substring(colon + 1).chars().allMatch(Character::isDigit)) {
            return where.substring(0, colon);
        }
        return where;
    }

    /** The line part of a "path:line" where, 0 when there is none. */
    static int line(String where) {
        String file = file(where);
        if (file.length() == where.length()) {
            return 0;
        }
        try {
            return Integer.parseInt(where.substring(file.length() + 1));
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    private static int fileIndex(List<String> files, String where) {
        int i = files.indexOf(file(where));
        return i < 0 ? files.size() : i;
    }
}
