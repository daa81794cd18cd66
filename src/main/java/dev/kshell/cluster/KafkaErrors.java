package dev.kshell.cluster;

import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.InvalidRequestException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;
import org.apache.kafka.common.errors.UnsupportedVersionException;

import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;

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
            throw translateCause(target, operation, e.getCause() == null ? e : e.getCause());
        } catch (ClusterException | CancellationException e) {
            throw e;
        } catch (Exception e) {
            throw translateCause(target, operation, e);
        }
    }

    /** Quorum calls get their own wording: a timeout there means no reachable quorum leader. */
    static <T> T quorum(ClusterTarget target, AdminClientGateway.Call<T> call) {
        try {
            return translate(target, "describeMetadataQuorum", call);
        } catch (ClusterException e) {
            if (e.kind() == ClusterException.Kind.UNREACHABLE) {
                throw new ClusterException(ClusterException.Kind.UNREACHABLE,
                        "no quorum leader reachable via " + target.endpoints() + " within " + seconds(target)
                                + ": the endpoints did not answer, or the controllers have lost their quorum", e);
            }
            throw e;
        }
    }

    static ClusterException translateCause(ClusterTarget target, String operation, Throwable cause) {
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
            return new ClusterException(ClusterException.Kind.DENIED, "authentication to " + target.endpoints()
                    + " failed: " + root.getMessage(), cause);
        }
        if (root instanceof AuthorizationException) {
            return new ClusterException(ClusterException.Kind.DENIED, operation + " on " + target.endpoints()
                    + " was not authorised: " + root.getMessage(), cause);
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
        if (root instanceof RuntimeException runtime) {
            throw runtime; // not Kafka's: a defect of ours, reported as internal with its trace on request
        }
        return new ClusterException(ClusterException.Kind.FAILED, operation + " failed: " + root, cause);
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
