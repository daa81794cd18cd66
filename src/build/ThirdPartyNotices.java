import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The release's licences and notices of what it bundles (run by the build, `mvn package`, as a single-file program:
 * {@code java src/build/ThirdPartyNotices.java CLASSPATH_FILE LIB_DIR OUT_DIR}).
 *
 * <p>For each jar in the release's {@code LIB_DIR} but kshell's own, it writes one line of
 * {@code OUT_DIR/THIRD-PARTY.txt}: the jar, its licence(s) as the artifact's POM declares them (or its parent's,
 * followed up the chain; the POM lies beside the jar's path in the local Maven repository, as listed in the
 * runtime class path file that {@code dependency:build-classpath} wrote) and the project's address; and it copies
 * the licence and notice files the jar itself carries (META-INF/LICENSE*, NOTICE*, ...) to {@code OUT_DIR/<jar>/}.
 */
public final class ThirdPartyNotices {

    private static final Pattern LEGAL_FILE = Pattern.compile(
            "META-INF/(?:[^/]*/)*(?:LICEN[CS]E|NOTICE|COPYING|COPYRIGHT|DEPENDENCIES)[^/]*", Pattern.CASE_INSENSITIVE);

    record Pom(String groupId, String artifactId, String version, String url, List<String> licenses, Path parent) {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            throw new IllegalArgumentException("usage: ThirdPartyNotices CLASSPATH_FILE LIB_DIR OUT_DIR");
        }
        TreeMap<String, Path> inRepository = new TreeMap<>();
        for (String entry : Files.readString(Path.of(args[0]), StandardCharsets.UTF_8).trim().split(File.pathSeparator)) {
            if (!entry.isBlank()) {
                inRepository.put(Path.of(entry).getFileName().toString(), Path.of(entry));
            }
        }
        List<Path> bundled;
        try (var files = Files.list(Path.of(args[1]))) {
            bundled = files.filter(f -> f.getFileName().toString().endsWith(".jar"))
                    .filter(f -> !f.getFileName().toString().equals("kshell.jar")).sorted().toList();
        }
        Path out = Files.createDirectories(Path.of(args[2]));
        TreeMap<String, String> lines = new TreeMap<>();
        int unknown = 0;
        for (Path jar : bundled) {
            String name = jar.getFileName().toString();
            Pom pom = inRepository.containsKey(name) ? read(pomOf(inRepository.get(name))) : null;
            List<String> licenses = pom == null ? List.of() : licensesOf(pom);
            if (licenses.isEmpty()) {
                unknown++;
            }
            int copied = copyLegalFiles(jar, out.resolve(name.replaceFirst("\\.jar$", "")));
            lines.put(name, String.format("%-50s %s%s%s", name,
                    !licenses.isEmpty() ? String.join("; ", licenses) : pom != null ? "licence not declared in its POM"
                            : "not on the Maven class path (added by Spring Boot's packaging): see its files",
                    pom == null || pom.url() == null ? "" : "  <" + pom.url() + ">",
                    copied == 0 ? "" : "  (files: " + name.replaceFirst("\\.jar$", "") + "/)"));
        }
        StringBuilder text = new StringBuilder("""
                Third-party software in this release (lib/), with the licences their Maven POMs declare.
                Licence and notice files the jars carry are copied beside this file, one directory per jar.

                """);
        lines.values().forEach(l -> text.append(l.stripTrailing()).append('\n'));
        Files.writeString(out.resolve("THIRD-PARTY.txt"), text.toString(), StandardCharsets.UTF_8);
        System.out.println("third-party notices: " + lines.size() + " jars, " + unknown + " without a licence in a POM");
    }

    /** In a Maven repository, {@code .../ARTIFACT/VERSION/ARTIFACT-VERSION[-CLASSIFIER].jar} has its POM beside it. */
    private static Path pomOf(Path jar) {
        Path dir = jar.getParent();
        if (dir == null || dir.getParent() == null) {
            return null;
        }
        return dir.resolve(dir.getParent().getFileName() + "-" + dir.getFileName() + ".pom");
    }

    private static List<String> licensesOf(Pom pom) throws Exception {
        Pom p = pom;
        for (int depth = 0; p != null && depth < 10; depth++) {
            if (!p.licenses().isEmpty()) {
                return p.licenses();
            }
            p = read(p.parent());
        }
        return List.of();
    }

    private static Pom read(Path pom) throws Exception {
        if (pom == null || !Files.isRegularFile(pom)) {
            return null;
        }
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc;
        try (InputStream in = Files.newInputStream(pom)) {
            doc = factory.newDocumentBuilder().parse(in);
        }
        Element project = doc.getDocumentElement();
        List<String> licenses = new ArrayList<>();
        Element licensesElement = child(project, "licenses");
        if (licensesElement != null) {
            NodeList all = licensesElement.getElementsByTagName("license");
            for (int i = 0; i < all.getLength(); i++) {
                String licenseName = text(child((Element) all.item(i), "name"));
                String url = text(child((Element) all.item(i), "url"));
                licenses.add((licenseName == null ? "" : licenseName) + (url == null ? "" : " (" + url + ")"));
            }
        }
        Element parent = child(project, "parent");
        Path parentPom = null;
        String groupId = text(child(project, "groupId"));
        String version = text(child(project, "version"));
        if (parent != null) {
            String g = text(child(parent, "groupId"));
            String a = text(child(parent, "artifactId"));
            String v = text(child(parent, "version"));
            groupId = groupId == null ? g : groupId;
            version = version == null ? v : version;
            // the repository root is four levels above a POM for each part of its group id, plus artifact and version
            Path root = pom.getParent().getParent().getParent();
            for (int i = 0; i < groupId.split("\\.").length; i++) {
                root = root.getParent();
            }
            parentPom = root.resolve(g.replace('.', '/')).resolve(a).resolve(v).resolve(a + "-" + v + ".pom");
        }
        String url = text(child(project, "url"));
        return new Pom(groupId, text(child(project, "artifactId")), version,
                url == null || url.contains("${") ? null : url, licenses, parentPom);
    }

    private static Element child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return e;
            }
        }
        return null;
    }

    private static String text(Element e) {
        return e == null ? null : e.getTextContent().strip().replaceAll("\\s+", " ");
    }

    private static int copyLegalFiles(Path jar, Path dir) throws IOException {
        int copied = 0;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            for (ZipEntry e : java.util.Collections.list(zip.entries())) {
                if (e.isDirectory() || !LEGAL_FILE.matcher(e.getName()).matches()
                        || e.getName().toLowerCase(Locale.ROOT).endsWith(".class")) {
                    continue;
                }
                Path target = dir.resolve(e.getName().substring("META-INF/".length()));
                Files.createDirectories(target.getParent());
                try (InputStream in = zip.getInputStream(e)) {
                    Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                }
                copied++;
            }
        }
        return copied;
    }
}
