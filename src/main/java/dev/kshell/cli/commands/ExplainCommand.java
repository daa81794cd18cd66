package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.rules.explain.ErrorExplainer;
import dev.kshell.workflow.check.ExplainService;
import dev.kshell.rules.explain.Explanation;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.model.ExitCode;
import dev.kshell.render.Tone;
import dev.kshell.connection.ShellSession;

import java.util.ArrayList;
import java.util.List;
import dev.kshell.connection.Secrets;

/** {@code explain "<error text>"}: what a Kafka client error means, what to check, and the kshell command to run. */
public class ExplainCommand extends KshellCommand {

    /** Text is wrapped at this width when the terminal's is unknown (piped). */
    private static final int DEFAULT_WIDTH = 100;

    static final Arg<List<String>> TEXT = Arg.many("error text", ArgKind.TEXT, "the client error, quoted")
            .whenMissing("paste the error text, quoted");

    private final ExplainService service;

    /** Without a session: explains the text alone (no addresses resolved, no sandbox advice). */
    public ExplainCommand() {
        this(null);
    }

    /** With the session: names the broker behind a host:port and suggests sandbox commands only in the sandbox. */
    public ExplainCommand(ShellSession session) {
        super(CommandSpec.named("explain").group(Group.HELP)
                .description("Explain a Kafka client error: likely cause, what to check, the command to run next")
                .arguments(TEXT)
                .examples("explain \"There is no leader for this topic-partition as we are in the middle of a leadership election\"",
                        "explain NOT_ENOUGH_REPLICAS",
                        "explain \"Connection error: connect ECONNREFUSED 127.0.0.1:9092\"",
                        "explain \"error code 19\" --output json"));
        this.service = new ExplainService(session);
    }

    @Override
    public ExitCode execute(Invocation inv) {
        // pasted error text often carries a client config (sasl.jaas.config=... password="..."): masked before it is
        // explained, echoed in --output json, or logged
        String text = Secrets.maskText(String.join(" ", inv.get(TEXT)).strip());
        if (text.isEmpty()) {
            throw new UsageException("explain: paste the error text, quoted (usage: " + spec().usage() + ")");
        }
        ExplainService.Explained result = service.explain(text);
        int width = inv.output().width() > 0 ? inv.output().width() : DEFAULT_WIDTH;
        inv.emit(result, () -> render(result.nodes(), width) + render(result.explanations(), width, inv.output().color()));
        return ExitCode.OK;
    }

    /** Pure: what the text's addresses are now, one line each, before the explanations. */
    public static String render(List<String> nodes, int width) {
        StringBuilder out = new StringBuilder();
        for (String node : nodes) {
            List<String> lines = wrap(node, Math.max(20, width - 2));
            for (int i = 0; i < lines.size(); i++) {
                out.append(i == 0 ? "" : "  ").append(lines.get(i)).append('\n');
            }
        }
        return nodes.isEmpty() ? "" : out.append('\n').toString();
    }

    /** Pure: the explanations as text, wrapped to {@code width}. */
    public static String render(List<Explanation> explanations, int width, boolean color) {
        StringBuilder out = new StringBuilder();
        boolean first = true;
        for (Explanation e : explanations) {
            if (!first) {
                out.append('\n');
            }
            first = false;
            boolean unknown = ErrorExplainer.NO_KNOWN_PATTERN.equals(e.matchedPattern());
            out.append(Tone.HEADER.paint(e.matchedPattern(), color)).append('\n');
            field(out, "cause", e.likelyCause(), width);
            field(out, "check", e.whatToCheck(), width);
            for (int i = 0; i < e.nextCommands().size(); i++) {
                String line = (i == 0 ? "  next   " : "         ") + e.nextCommands().get(i);
                out.append(unknown ? line : Tone.GOOD.paint(line, color)).append('\n');
            }
        }
        return out.toString();
    }

    private static void field(StringBuilder out, String name, String text, int width) {
        if (text == null || text.isBlank()) {
            return;
        }
        String indent = "         ";
        List<String> lines = wrap(text, Math.max(20, width - indent.length()));
        for (int i = 0; i < lines.size(); i++) {
            out.append(i == 0 ? String.format("  %-6s ", name) : indent).append(lines.get(i)).append('\n');
        }
    }

    static List<String> wrap(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(word);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
