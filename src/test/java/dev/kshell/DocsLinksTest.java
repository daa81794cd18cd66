package dev.kshell;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The documentation lives in the repository and holds together: every link in README.md and docs/ (and the other
 * Markdown pages) reaches a file of the repository and, with a {@code #fragment}, a heading of it; no file points
 * at notes outside the repository; the README stays a short page.
 */
@Timeout(60)
class DocsLinksTest {

    private static final Path ROOT = Path.of("").toAbsolutePath();
    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    // Built from pieces so that this file does not match itself.
    private static final List<String> OUTSIDE_REFERENCES = List.of("../" + "shared", "FACTS" + ".md", "DESIGN" + ".md");

    @Test
    void should_resolve_every_link_in_the_readme_and_docs() throws IOException {
        List<Path> pages = markdownPages();
        assertThat(pages).contains(ROOT.resolve("README.md"), ROOT.resolve("docs/kafka-behaviour.md"),
                ROOT.resolve("docs/architecture.md"));
        List<String> broken = new ArrayList<>();
        Map<Path, Set<String>> anchors = new HashMap<>();
        for (Path page : pages) {
            for (Link link : links(page)) {
                String problem = problem(page, link.target(), anchors);
                if (problem != null) {
                    broken.add(ROOT.relativize(page) + ":" + link.line() + ": (" + link.target() + ") " + problem);
                }
            }
        }
        assertThat(broken).as("broken links").isEmpty();
    }

    @Test
    void should_not_point_at_files_outside_the_repository() throws IOException {
        List<String> offenders = new ArrayList<>();
        for (Path file : repositoryTextFiles()) {
            List<String> lines = readLines(file);
            for (int i = 0; i < lines.size(); i++) {
                for (String reference : OUTSIDE_REFERENCES) {
                    if (lines.get(i).contains(reference)) {
                        offenders.add(ROOT.relativize(file) + ":" + (i + 1) + ": " + reference);
                    }
                }
            }
        }
        assertThat(offenders).as("references to notes outside the repository (write them into docs/)").isEmpty();
    }

    @Test
    void should_keep_the_readme_a_short_page() throws IOException {
        assertThat(Files.readAllLines(ROOT.resolve("README.md"))).hasSizeLessThanOrEqualTo(300);
    }

    @Test
    void should_find_broken_links_and_missing_anchors() throws IOException {
        // The checker itself: a missing file, a missing heading and an escape from the repository are all caught.
        Path page = ROOT.resolve("docs/architecture.md");
        Map<Path, Set<String>> anchors = new HashMap<>();
        assertThat(problem(page, "no-such-page.md", anchors)).contains("no such file");
        assertThat(problem(page, "kafka-behaviour.md#no-such-heading", anchors)).contains("no heading");
        assertThat(problem(page, "../../outside.md", anchors)).contains("outside the repository");
        assertThat(problem(page, "kafka-behaviour.md#the-metadata-quorum", anchors)).isNull();
        assertThat(problem(page, "#packages", anchors)).isNull();
        assertThat(slug("The stack: Spring Shell, JLine, Spring Boot")).isEqualTo("the-stack-spring-shell-jline-spring-boot");
        assertThat(slug("`elect unclean`")).isEqualTo("elect-unclean");
    }

    /** Null when the link resolves, else what is wrong with it. */
    private static String problem(Path page, String target, Map<Path, Set<String>> anchors) throws IOException {
        if (target.matches("^[a-zA-Z][a-zA-Z0-9+.-]*:.*")) {
            return null; // https:, mailto: ... are not files of the repository
        }
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String fragment = hash < 0 ? null : target.substring(hash + 1);
        Path resolved = file.isEmpty() ? page : page.getParent().resolve(file).normalize();
        if (!resolved.startsWith(ROOT)) {
            return "points outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no such file " + ROOT.relativize(resolved);
        }
        if (fragment != null && resolved.toString().endsWith(".md")) {
            Set<String> known = anchors.computeIfAbsent(resolved, DocsLinksTest::headingAnchors);
            if (!known.contains(fragment)) {
                return "no heading #" + fragment + " in " + ROOT.relativize(resolved);
            }
        }
        return null;
    }

    private record Link(int line, String target) {
    }

    private static List<Link> links(Path page) {
        List<Link> result = new ArrayList<>();
        boolean fence = false;
        List<String> lines = readLines(page);
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.stripLeading().startsWith("```")) {
                fence = !fence;
                continue;
            }
            if (fence) {
                continue;
            }
            Matcher m = LINK.matcher(withoutInlineCode(line));
            while (m.find()) {
                result.add(new Link(i + 1, m.group(2)));
            }
        }
        return result;
    }

    /** The anchors GitHub gives a page's headings (duplicates numbered -1, -2 ...). */
    private static Set<String> headingAnchors(Path page) {
        Set<String> result = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean fence = false;
        for (String line : readLines(page)) {
            if (line.stripLeading().startsWith("```")) {
                fence = !fence;
                continue;
            }
            Matcher m = HEADING.matcher(line);
            if (fence || !m.matches()) {
                continue;
            }
            String base = slug(m.group(2));
            int n = seen.merge(base, 1, Integer::sum) - 1;
            result.add(n == 0 ? base : base + "-" + n);
        }
        return result;
    }

    static String slug(String heading) {
        String text = heading.replaceAll("\\[([^\\]]*)]\\([^)]*\\)", "$1").toLowerCase(Locale.ROOT);
        StringBuilder out = new StringBuilder();
        text.codePoints().forEach(c -> {
            if (Character.isLetterOrDigit(c) || c == '-' || c == '_') {
                out.appendCodePoint(c);
            } else if (c == ' ') {
                out.append('-');
            }
        });
        return out.toString();
    }

    private static String withoutInlineCode(String line) {
        return line.replaceAll("`[^`]*`", "``");
    }

    private static List<Path> markdownPages() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(p -> p.toString().endsWith(".md")).filter(DocsLinksTest::inRepository).sorted().toList();
        }
    }

    private static List<Path> repositoryTextFiles() throws IOException {
        try (Stream<Path> files = Files.walk(ROOT)) {
            return files.filter(Files::isRegularFile).filter(DocsLinksTest::inRepository)
                    .filter(p -> !p.getFileName().toString().matches(".*\\.(jar|class|png|jpg|gz|zip|jsa|aot|log)$"))
                    .sorted().toList();
        }
    }

    private static boolean inRepository(Path p) {
        Path rel = ROOT.relativize(p);
        String first = rel.getNameCount() == 0 ? "" : rel.getName(0).toString();
        return !first.equals("target") && !first.equals(".git") && !first.equals(".idea") && !first.equals("node_modules");
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (MalformedInputException binary) {
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
