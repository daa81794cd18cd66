package dev.kshell.cluster;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.SaslAuthenticationException;
import org.apache.kafka.common.errors.SslAuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.nio.channels.ClosedByInterruptException;
import org.apache.kafka.common.errors.ClusterAuthorizationException;

/**
 * Turns Kafka's exceptions into {@link ClusterException}s with one sentence that names the server and the deadline.
 * The one place that knows Kafka's exception types.
 */
final class KafkaErrors {

    private KafkaErrors() {
    }

    static <T> T translate(ClusterTarget target, String operation, AdminClientGateway.Call<T> call) {
        try {
            return call.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        } catch (java.util.concurrent.TimeoutException e) {
            throw timeout(target, operation, e);
        } catch (ExecutionException e) {
            if (interrupted(e)) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");
            }
            throw translateCause(target, operation, e.getCause() == null ? e : e.getCause());
        } catch (ClusterException | CancellationException e) {
            throw e;
        } catch (Exception e) {
            if (interrupted(e)) {
                Thread.currentThread().interrupt();
                throw new CancellationException("cancelled");
            }
            throw translateCause(target, operation, e);
        }
    }

    /**
     * Ctrl-C reached a Kafka call: Kafka wraps the thread's interrupt as its own InterruptException (or an
     * InterruptedException as a cause). That is a cancellation (exit 130), never a failed action (5).
     */
    static boolean interrupted(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException || t instanceof org.apache.kafka.common.errors.InterruptException
                    || t instanceof ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    /** Quorum calls get their own wording: a timeout there means no reachable quorum leader. */
    static <T> T quorum(ClusterTarget target, AdminClientGateway.Call<T> call) {
        try {
            return translate(target, "describeMetadataQuorum", call);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE && !Reachability.isRefusal(e)) { // a refusal says itself
                throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                        "no quorum leader reachable via " + target.endpoints() + " within " + seconds(target)
                                + ": the endpoints did not answer, or the controllers have lost their quorum", e);
            }
            throw e;
        }
    }

    static ClusterException translateCause(ClusterTarget target, String operation, Throwable cause) {
        if (interrupted(cause)) {
            // Ctrl-C during the call (capability detection is a one-shot's first call): cancelled, exit 130
            Thread.currentThread().interrupt();
            throw new CancellationException("cancelled");
        }
        Throwable root = cause;
        while (root instanceof KafkaException && root.getCause() != null && !(root instanceof TimeoutException)
                && !(root instanceof AuthenticationException)) {
            if (root.getCause() instanceof ConfigException config) {
                return new ClusterException(ClusterException.Kind.UNREACHABLE, "cannot connect to " + target.endpoints()
                        + ": " + config.getMessage(), cause);
            }
            root = root.getCause();
        }
        if (root instanceof ConfigException config) {
            return new ClusterException(ClusterException.Kind.INVALID, "bad client configuration: " + config.getMessage(), cause);
        }
        if (root instanceof TimeoutException) {
            return timeout(target, operation, root);
        }
        if (root instanceof AuthenticationException) {
            return new ClusterException(ClusterException.Kind.DENIED, authentication(target, root), cause);
        }
        if (root instanceof AuthorizationException) {
            return new ClusterException(ClusterException.Kind.NOT_AUTHORIZED, "not authorized to "
                    + requiredAcl(operation, root) + ": " + operation + " on " + target.endpoints() + " was denied ("
                    + root.getMessage() + ")", cause);
        }
        if (root instanceof UnknownTopicOrPartitionException) {
            return new ClusterException(ClusterException.Kind.NOT_FOUND, root.getMessage(), cause);
        }
        if (root instanceof UnsupportedVersionException || root instanceof InvalidRequestException) {
            return new ClusterException(ClusterException.Kind.INVALID, operation + " is not supported by "
                    + target.endpoints() + ": " + root.getMessage(), cause);
        }
        if (root instanceof KafkaException) {
            return new ClusterException(ClusterException.Kind.FAILED, operation + " failed on " + target.endpoints()
                    + ": " + root.getMessage(), cause);
        }
        if (root != cause && isBadClientSetting(root)) {
            // Kafka wrapped it while reading the client config: a bad sasl.jaas.config, a missing login module.
            return new ClusterException(ClusterException.Kind.INVALID, "bad client configuration: "
                    + root.getClass().getSimpleName() + ": " + root.getMessage(), cause);
        }
        if (root instanceof RuntimeException runtime) {
            throw runtime; // not Kafka's: a defect of ours, reported as internal with its trace on request
        }
        return new ClusterException(ClusterException.Kind.FAILED, operation + " failed: " + root, cause);
    }

    /**
     * A failed TLS handshake and a refused SASL login are different faults with different fixes: each is named, with
     * the reason the client was given (a TLS failure's own reason is in its cause: "PKIX path building failed").
     */
    static String authentication(ClusterTarget target, Throwable root) {
        if (root instanceof SslAuthenticationException) {
            String reason = root.getMessage();
            for (Throwable c = root.getCause(); c != null; c = c.getCause()) {
                if (c.getMessage() != null && !c.getMessage().isBlank()) {
                    reason = c.getMessage(); // the deepest reason is the one a person can act on
                }
            }
            return "TLS handshake with " + target.endpoints() + " failed: " + reason + " (next: the listener must speak "
                    + "TLS for security.protocol=" + protocol(target) + ", and ssl.truststore.location must trust its "
                    + "certificate)";
        }
        if (root instanceof SaslAuthenticationException) {
            return "SASL authentication to " + target.endpoints() + " failed: " + root.getMessage()
                    + " (next: check sasl.mechanism and the user and password in sasl.jaas.config; the broker's log "
                    + "names the reason)";
        }
        return "authentication to " + target.endpoints() + " failed: " + root.getMessage()
                + " (next: check the connection's security.protocol, ssl.* and sasl.* client properties)";
    }

    private static String protocol(ClusterTarget target) {
        return target.clientProperties().getOrDefault("security.protocol", "PLAINTEXT");
    }

    /** The Kafka client reports a bad JAAS entry or login module as a plain IllegalArgumentException / LoginException. */
    private static boolean isBadClientSetting(Throwable root) {
        return root instanceof IllegalArgumentException || root instanceof javax.security.auth.login.LoginException;
    }

    /** The ACL an operation needs, as Kafka's authorizer names it (for the one-line error). */
    static String requiredAcl(String operation, Throwable error) {
        boolean cluster = error instanceof ClusterAuthorizationException;
        return switch (operation) {
            case "electLeaders", "alterPartitionReassignments" -> "ALTER cluster";
            case "describeLogDirs", "describeCluster", "describeMetadataQuorum" -> "DESCRIBE cluster";
            case "describeConfigs" -> cluster ? "DESCRIBE_CONFIGS cluster" : "DESCRIBE_CONFIGS topic";
            case "describeTopics", "listTopics", "listOffsets" -> "DESCRIBE topic";
            case "describeProducers" -> "READ topic";
            case "listTransactions", "describeTransactions" -> "DESCRIBE transactional-id";
            case "describeConsumerGroups", "describeShareGroups", "describeStreamsGroups", "listConsumerGroupOffsets",
                 "listStreamsGroupOffsets", "listShareGroupOffsets", "listGroups" -> "DESCRIBE group";
            default -> cluster ? "this operation on the cluster" : "this operation";
        };
    }

    private static ClusterException timeout(ClusterTarget target, String operation, Throwable cause) {
        return new ClusterException(ClusterException.Kind.UNREACHABLE, "no answer from " + target.endpoints()
                + " within " + seconds(target) + " (" + operation + ")", cause);
    }

    static String seconds(ClusterTarget target) {
        long ms = target.timeout().toMillis();
        return ms % 1000 == 0 ? (ms / 1000) + "s" : ms + "ms";
    }
}
