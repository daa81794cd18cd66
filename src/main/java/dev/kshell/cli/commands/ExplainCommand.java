package dev.kshell.cli.commands;

import dev.kshell.cli.Invocation;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.UsageException;
import dev.kshell.cluster.ClusterGateway;
import dev.kshell.diagnosis.explain.ErrorExplainer;
import dev.kshell.diagnosis.explain.ExplainSituation;
import dev.kshell.diagnosis.explain.Explanation;
import dev.kshell.diagnosis.explain.NamedNodes;
import dev.kshell.grammar.Arg;
import dev.kshell.grammar.ArgKind;
import dev.kshell.grammar.CommandSpec;
import dev.kshell.grammar.Group;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.ExitCode;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.render.Tone;
import dev.kshell.session.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code explain "<error text>"}: what a Kafka client error means, what to check, and the kshell command to run. */
@Component
public class ExplainCommand extends KshellCommand {

    /** Text is wrapped at this width when the terminal's is unknown (piped). */
    private static final int DEFAULT_WIDTH = 100;

    private static final Logger LOG = LoggerFactory.getLogger(ExplainCommand.class);

    /** explain is help, not a diagnosis: reading the brokers to name an address never holds it up longer. */
    static final Duration BROKER_READ_DEADLINE = Duration.ofSeconds(3);

    static final Arg<List<String>> TEXT = Arg.many("error text", ArgKind.TEXT, "the client error, quoted")
            .whenMissing("paste the error text, quoted");

    private final ShellSession session;

    /** Without a session: explains the text alone (no addresses resolved, no sandbox advice). */
    public ExplainCommand() {
        this(null);
    }

    /** With the session: names the broker behind a host:port and suggests sandbox commands only in the sandbox. */
    @Autowired
    public ExplainCommand(ShellSession session) {
        super(CommandSpec.named("explain").group(Group.HELP)
                .description("Explain a Kafka client error: likely cause, what to check, the command to run next")
                .arguments(TEXT)
                .examples("explain \"There is no leader for this topic-partition as we are in the middle of a leadership election\"",
                "explain NOT_ENOUGH_REPLICAS",
                "explain \"Connection error: connect ECONNREFUSED 127.0.0.1:9092\"",
                        "explain \"error code 19\" --output json"));
        this.session = session;
    }

    /**
     * @param text         the error text as given (cut to {@link ErrorExplainer#MAX_TEXT_CHARS})
     * @param nodes        what each host:port of the text is in the connected cluster now (empty when not connected)
     * @param explanations what it most likely means, best match first
     */
    public record Explained(String text, List<String> nodes, List<Explanation> explanations) {

        public Explained(String text, List<Explanation> explanations) {
            this(text, List.of(), explanations);
        }
    }

    @Override
    public ExitCode run(Invocation inv) {
        String text = String.join(" ", inv.get(TEXT)).strip();
        if (text.isEmpty()) {
            throw new UsageException("explain: paste the error text, quoted (usage: " + spec().usage() + ")");
        }
        if (text.length() > ErrorExplainer.MAX_TEXT_CHARS) {
            text = text.substring(0, ErrorExplainer.MAX_TEXT_CHARS);
        }
        ExplainSituation situation = situation(text);
        Explained result = new Explained(text, NamedNodes.describe(text, situation), ErrorExplainer.explain(text, situation));
        int width = inv.output().width() > 0 ? inv.output().width() : DEFAULT_WIDTH;
        inv.emit(result, () -> render(result.nodes(), width) + render(result.explanations(), width, inv.output().color()));
        return ExitCode.OK;
    }

    /**
     * The session as explain needs it. When the text names a host:port, the brokers and the quorum are read once
     * with a short deadline (no topics: cheap); when that fails, the session's cached snapshot serves. That read is
     * not remembered: a snapshot without topics would empty completion's topic list.
     */
    private ExplainSituation situation(String text) {
        if (session == null || session.connection().isEmpty()) {
            return ExplainSituation.DISCONNECTED;
        }
        Optional<ClusterSnapshot> cached = session.lastSnapshot();
        ClusterSnapshot snapshot = cached.orElse(null);
        // Always read when the text names an address: a cached snapshot seconds old still showed a broker killed
        // since as live (seen in the sandbox walk).
        if (NamedNodes.namesAnAddress(text)) {
            try {
                ClusterGateway gateway = session.requireGateway().withTimeout(BROKER_READ_DEADLINE);
                snapshot = gateway.read(new SnapshotRequest(true, true, List.of(), false, false));
            } catch (RuntimeException e) {
                // Keep the older snapshot (or none): explaining the text does not depend on the cluster answering.
                LOG.debug("explain: could not read the brokers", e);
            }
        }
        return new ExplainSituation(session.connectedToSandbox(), snapshot, session.knownVoterEndpoints());
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
