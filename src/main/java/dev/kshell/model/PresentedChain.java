package dev.kshell.model;

import java.time.Instant;
import java.util.List;

/**
 * What one listener presented in a TLS handshake (read without a trust store: the chain is only read, never trusted),
 * or why nothing could be read.
 *
 * @param nodeId   the broker or controller, or null when not known (a bootstrap controller)
 * @param role     "broker" or "controller"
 * @param listener the listener's name ("SSL", "EXTERNAL"), or null when it could not be told
 * @param endpoint host:port asked
 * @param address  the host as a client addresses it (an IP literal in its normal form), which the certificate must
 *                 match
 * @param tls      whether the listener speaks TLS (false: plain, nothing to read)
 * @param chain    the presented chain, leaf first; empty when not TLS or not read
 * @param error    why the chain could not be read (refused, no answer within the deadline...), or null
 */
public record PresentedChain(Integer nodeId, String role, String listener, String endpoint, String address,
                             boolean tls, List<Certificate> chain, String error) {

    public PresentedChain {
        chain = chain == null ? List.of() : List.copyOf(chain);
    }

    /** The certificate the listener itself holds (the chain's first), or null. */
    public Certificate leaf() {
        return chain.isEmpty() ? null : chain.get(0);
    }

    /**
     * One X.509 certificate as presented.
     *
     * @param subject         the subject's distinguished name (RFC 2253), as the certificate holds it: from outside
     * @param issuer          the issuer's distinguished name
     * @param subjectAltNames "DNS:kafka-1.example.com", "IP:10.0.0.5" (IP literals in their normal form); others
     *                        ("URI:...", "email:...") as read
     * @param notBefore       start of validity
     * @param notAfter        end of validity
     * @param serial          the serial number, hexadecimal
     * @param sha256          the SHA-256 fingerprint of the encoded certificate, hexadecimal (tells one certificate
     *                        presented by several nodes from several certificates with the same subject)
     */
    public record Certificate(String subject, String issuer, List<String> subjectAltNames, Instant notBefore,
                              Instant notAfter, String serial, String sha256) {

        public Certificate {
            subjectAltNames = subjectAltNames == null ? List.of() : List.copyOf(subjectAltNames);
        }
    }
}
