package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.rules.lint.LintReport;
import dev.kshell.rules.lint.ServerPropertiesLinter;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.model.ExitCode;
import dev.kshell.model.Finding;
import dev.kshell.model.Severity;
import dev.kshell.render.FindingTables;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code lint FILE...}: offline check of a set of KRaft server.properties files (one per node), no cluster needed.
 * A directory stands for the *.properties files in it, by name.
 */
public class LintCommand extends KshellCommand {

    static final Arg<List<String>> FILES = Arg.many("file", ArgKind.PROPERTIES_FILE,
            "a node's server.properties, or a directory of them")
            .whenMissing("give the server.properties files of the cluster's nodes, or a directory holding them");

    public LintCommand() {
        super(CommandSpec.named("lint").group(Group.JUDGEMENT)
                .description("Offline check of KRaft server.properties files (one per node): quorum, listeners, ids, "
                        + "replication settings")
                .arguments(FILES)
                .examples("lint config/controller-*.properties config/broker-*.properties", "lint config/",
                        "lint config/ --output json"));
    }

    /** What {@code --output json} prints. */
    public record LintResult(List<String> files, List<String> unreadable, Map<Severity, Integer> counts,
                             List<Finding> findings, int exitCode) {
    }

    @Override
    public ExitCode execute(Invocation inv) {
        LintReport report = new ServerPropertiesLinter().lint(expand(inv.get(FILES)));
        LintResult result = new LintResult(report.files(), report.unreadable(), report.counts(), report.findings(),
                report.exitCode().code());
        inv.emit(result, () -> FindingTables.findings(report.findings(), inv.output().width(), inv.output().color())
                + report.filesRead().size() + " of " + report.files().size() + " file"
                + (report.files().size() == 1 ? "" : "s") + " read: " + FindingTables.counts(report.counts()) + "\n");
        return report.exitCode();
    }

    /** Arguments as paths; a directory becomes its *.properties files (sorted), an empty one stays as given. */
    static List<Path> expand(List<String> arguments) {
        List<Path> files = new ArrayList<>();
        for (String arg : arguments) {
            Path p = Path.of(arg);
            if (Files.isDirectory(p)) {
                try (Stream<Path> list = Files.list(p)) {
                    List<Path> props = list.filter(f -> f.getFileName().toString().endsWith(".properties"))
                            .filter(Files::isRegularFile).sorted().toList();
                    // An empty directory goes to the linter as it is, which reports it unreadable (exit 2).
                    files.addAll(props.isEmpty() ? List.of(p) : props);
                } catch (IOException e) {
                    files.add(p);
                }
            } else {
                files.add(p);
            }
        }
        return files;
    }
}
