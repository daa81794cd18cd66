package dev.kshell.rules.lint;

import dev.kshell.model.Finding;
import dev.kshell.model.Severity;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Offline lint of a set of KRaft server.properties files (one per node): what would stop the cluster forming or
 * serving (ERROR), what one dead broker would break (WARNING), and hints (INFO). Pure apart from reading the files;
 * never throws for bad input: unreadable files become findings and make {@link LintReport#exitCode()} USAGE.
 */
public final class ServerPropertiesLinter {

    private final FileRules fileRules;

    /** A linter that knows the config keys of the Kafka on the class path. */
    public ServerPropertiesLinter() {
        this(KnownKeys.kafka());
    }

    public ServerPropertiesLinter(KnownKeys knownKeys) {
        this.fileRules = new FileRules(knownKeys);
    }

    /** Reads and lints the files; {@code where} uses each path as given. */
    public LintReport lint(List<Path> files) {
        List<PropertiesReader.Result> results = new ArrayList<>();
        for (Path p : files) {
            results.add(PropertiesReader.read(p));
        }
        return lintResults(results);
    }

    /** Lints already-read content: path (as it should appear in {@code where}) to text, in iteration order. */
    public LintReport lint(Map<String, String> contentsByPath) {
        List<PropertiesReader.Result> results = new ArrayList<>();
        contentsByPath.forEach((path, text) -> results.add(new PropertiesReader.Read(
                PropertiesReader.parse(path, text == null ? "" : text))));
        return lintResults(results);
    }

    /** Lints read (or unreadable) files. */
    public LintReport lintResults(List<PropertiesReader.Result> results) {
        List<Finding> findings = new ArrayList<>();
        List<String> files = new ArrayList<>();
        List<String> unreadable = new ArrayList<>();
        List<NodeConfig> nodes = new ArrayList<>();
        for (PropertiesReader.Result r : results) {
            files.add(r.path());
            if (r instanceof PropertiesReader.Unreadable u) {
                unreadable.add(u.path());
                findings.add(new Finding(Severity.ERROR, "unreadable-file", u.path(),
                        u.path() + " " + u.reason(), "pass the path of a readable server.properties file"));
            } else if (r instanceof PropertiesReader.Read read) {
                PropertiesFile file = read.file();
                findings.addAll(file.problems());
                if (file.entries().isEmpty()) {
                    findings.add(new Finding(Severity.ERROR, "empty-file", file.path(),
                            file.path() + " sets no keys at all (empty, or only comments)",
                            "pass the node's server.properties, with at least process.roles, node.id, listeners "
                                    + "and controller.quorum.voters"));
                    continue;
                }
                nodes.add(NodeConfig.of(file, nodes.size()));
            }
        }
        for (NodeConfig node : nodes) {
            findings.addAll(fileRules.check(node));
        }
        findings.addAll(QuorumRules.check(nodes));
        findings.addAll(EndpointRules.check(nodes));
        findings.addAll(ReplicationRules.check(nodes));
        return new LintReport(findings, files, unreadable);
    }
}
