package dev.kshell.workflow.check;

import dev.kshell.rules.explain.ErrorExplainer;
import dev.kshell.rules.explain.ExplainSituation;
import dev.kshell.rules.explain.Explanation;
import dev.kshell.rules.explain.NamedNodes;
import dev.kshell.model.ClusterSnapshot;
import dev.kshell.model.SnapshotRequest;
import dev.kshell.connection.ShellSession;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.List;

/**
 * {@code explain}'s live part: what kshell knows besides the pasted text (the session's sandbox, the brokers and
 * controllers a host:port in the text names now), then the pure explainer.
 */
public final class ExplainService {

    private static final Logger LOG = LoggerFactory.getLogger(ExplainService.class);

    /** explain is help, not a diagnosis: reading the brokers to name an address never holds it up longer. */
    public static final Duration BROKER_READ_DEADLINE = Duration.ofSeconds(3);

    private final ShellSession session;

    /** @param session the shell's session, or null to explain the text alone (no addresses, no sandbox advice) */
    public ExplainService(ShellSession session) {
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

    public Explained explain(String text) {
        String cut = text.length() > ErrorExplainer.MAX_TEXT_CHARS ? text.substring(0, ErrorExplainer.MAX_TEXT_CHARS) : text;
        ExplainSituation situation = situation(cut);
        return new Explained(cut, NamedNodes.describe(cut, situation), ErrorExplainer.explain(cut, situation));
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
        ClusterSnapshot snapshot = session.lastSnapshot().orElse(null);
        // Always read when the text names an address: a cached snapshot seconds old still showed a broker killed
        // since as live (seen in the sandbox walk).
        if (NamedNodes.namesAnAddress(text)) {
            try {
                snapshot = session.requireGateway().withTimeout(BROKER_READ_DEADLINE)
                        .read(new SnapshotRequest(true, true, List.of(), false, false));
            } catch (RuntimeException e) {
                // Keep the older snapshot (or none): explaining the text does not depend on the cluster answering.
                LOG.debug("explain: could not read the brokers", e);
            }
        }
        return new ExplainSituation(session.connectedToSandbox(), snapshot, session.knownVoterEndpoints());
    }
}
