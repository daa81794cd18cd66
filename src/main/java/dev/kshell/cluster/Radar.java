package dev.kshell.cluster;

import dev.kshell.model.NodeVersions;
import dev.kshell.model.PartitionSpec;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarReads;

import java.util.Collection;
import java.util.List;

/**
 * What the radar reads (docs/radar.md), reached through {@link ClusterGateway#radar()}: the certificates every TLS
 * listener presents, what each node's software supports, the newest record times, the active controller's clock.
 * Every call has a deadline (the node reads their own short one, in parallel; the Admin calls the gateway's); what a
 * release lacks is a value with a sentence, never an exception.
 */
public interface Radar {

    /**
     * A listener to read a certificate from.
     *
     * @param nodeId   the node, or null when unknown
     * @param role     "broker" or "controller"
     * @param listener its name, or null when unknown
     * @param endpoint host:port
     * @param tls      true when it is known to speak TLS, false when known not to (nothing is asked), null to find
     *                 out (a handshake that is not answered as TLS means a plain listener)
     */
    record TlsTarget(Integer nodeId, String role, String listener, String endpoint, Boolean tls) {
    }

    /**
     * The chain each listener presents, all at once, each within the node deadline. The handshake accepts any
     * certificate: it only reads what is presented (nothing is sent over it, and it is never the Admin client's
     * connection), so no trust store is needed and an expired or mismatched certificate is read like any other.
     */
    List<PresentedChain> certificates(List<TlsTarget> targets);

    /**
     * Each node's ApiVersions answer on its own endpoint (the connection's own TLS settings where the listener speaks
     * TLS, plain otherwise), all at once, each within the node deadline; a node that cannot be asked is a value
     * with its reason.
     *
     * @param tlsByEndpoint per endpoint, whether it speaks TLS (from {@link #certificates}); an endpoint missing here
     *                      is spoken to as the connection's security.protocol says
     */
    List<NodeVersions> versions(List<NodeProbe.Target> targets, java.util.Map<String, Boolean> tlsByEndpoint);

    /**
     * The newest-stamped record of each partition (listOffsets with the max-timestamp spec), in batches, all in
     * flight at once, within the gateway's deadline. Pass only partitions with a live leader (a leaderless one
     * retries for the whole deadline). A release before 3.0 gives {@link RadarReads.MaxTimestamps#unsupported}.
     */
    RadarReads.MaxTimestamps maxTimestamps(Collection<PartitionSpec> partitions);

    /** The active controller's clock against this host's (KRaft; a sentence in ZooKeeper mode). */
    RadarReads.ControllerClock controllerClock();

    /** Every metadata.version level kshell's Kafka knows, lowest first, with whether it changed the metadata. */
    List<RadarReads.MetadataLevel> metadataLevels();
}
