package dev.kshell.rules.radar;

import java.util.List;
import java.util.Locale;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * Whether a certificate is valid for the address a client uses, as the JDK's HTTPS endpoint identification checks
 * it (what Kafka's clients and brokers do with {@code ssl.endpoint.identification.algorithm=https}, the default since
 * Kafka 2.0; RFC 2818 and 6125): an IP address only against IP subject alternative names; a host name against the DNS
 * names, and against the subject's CN only when there is no DNS name; a wildcard only as the left-most label's
 * pattern, never across a dot, never for an IP, and never over fewer than two labels ({@code *.com}).
 * Addresses and IP names arrive in their normal form (the cluster layer parses IP literals).
 */
public final class HostnameMatch {

    private HostnameMatch() {
    }

    /**
     * @param address the host a client connects to: a name or an IP literal in its normal form
     * @param sans    "DNS:name", "IP:literal" and others as the certificate lists them
     * @param subject the subject's distinguished name (RFC 2253), for the CN fallback
     */
    public static boolean matches(String address, List<String> sans, String subject) {
        if (address == null || address.isBlank()) {
            return false;
        }
        String host = normal(address);
        if (isIpLiteral(host)) {
            return sans.stream().filter(s -> s.startsWith("IP:")).map(s -> normal(s.substring(3)))
                    .anyMatch(host::equals);
        }
        List<String> dns = sans.stream().filter(s -> s.startsWith("DNS:")).map(s -> s.substring(4)).toList();
        if (!dns.isEmpty()) {
            return dns.stream().anyMatch(name -> nameMatches(host, name));
        }
        String cn = commonName(subject);
        return cn != null && nameMatches(host, cn);
    }

    /** True for an IPv4 dotted quad or anything with a colon (IPv6): those are never matched as names. */
    public static boolean isIpLiteral(String host) {
        return host.contains(":") || host.matches("\\d{1,3}(\\.\\d{1,3}){3}");
    }

    static boolean nameMatches(String host, String pattern) {
        String p = normal(pattern);
        if (!p.contains("*")) {
            return host.equals(p);
        }
        String[] patternLabels = p.split("\\.", -1);
        String[] hostLabels = host.split("\\.", -1);
        if (patternLabels.length < 3 || hostLabels.length != patternLabels.length) {
            return false; // *.com, or a wildcard asked to cover more or fewer labels than it has
        }
        for (int i = 1; i < patternLabels.length; i++) {
            if (patternLabels[i].contains("*") || !patternLabels[i].equals(hostLabels[i])) {
                return false; // a wildcard only in the left-most label
            }
        }
        return labelMatches(hostLabels[0], patternLabels[0]);
    }

    /** One label against a pattern with one {@code *} ("*", "f*", "*z", "f*z"); the star matches no dot. */
    private static boolean labelMatches(String label, String pattern) {
        int star = pattern.indexOf('*');
        if (pattern.indexOf('*', star + 1) >= 0 || label.isEmpty()) {
            return false;
        }
        String before = pattern.substring(0, star);
        String after = pattern.substring(star + 1);
        return label.length() >= before.length() + after.length() && label.startsWith(before) && label.endsWith(after);
    }

    /** The subject's most specific CN, or null. */
    static String commonName(String subject) {
        if (subject == null) {
            return null;
        }
        try {
            List<Rdn> rdns = new LdapName(subject).getRdns(); // least specific first
            for (int i = rdns.size() - 1; i >= 0; i--) {
                if (rdns.get(i).getType().equalsIgnoreCase("CN")) {
                    return String.valueOf(rdns.get(i).getValue());
                }
            }
        } catch (InvalidNameException e) {
            return null;
        }
        return null;
    }

    private static String normal(String name) {
        String n = name.strip().toLowerCase(Locale.ROOT);
        if (n.startsWith("[") && n.endsWith("]")) {
            n = n.substring(1, n.length() - 1);
        }
        return n.endsWith(".") ? n.substring(0, n.length() - 1) : n;
    }
}
