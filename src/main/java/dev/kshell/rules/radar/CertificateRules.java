package dev.kshell.rules.radar;

import dev.kshell.model.Finding;
import dev.kshell.model.PresentedChain;
import dev.kshell.model.RadarThresholds;
import dev.kshell.model.Severity;
import dev.kshell.rules.SideFinding;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The certificates the listeners present, judged: a warning within {@code cert-warn-days} of the end of validity, critical within
 * {@code cert-critical-days}, and critical when expired, not valid yet, or not valid for the address clients use.
 * Every certificate of the chain counts (an issuing certificate that expires breaks the leaf with it). One finding
 * per certificate, problem and listener, naming every node that presents it.
 */
public final class CertificateRules {

    /** Rule ids. */
    public static final String EXPIRING = "certificate-expiring";
    public static final String EXPIRED = "certificate-expired";
    public static final String NOT_YET_VALID = "certificate-not-yet-valid";
    public static final String HOST_MISMATCH = "certificate-host-mismatch";

    private static final Duration DAY = Duration.ofDays(1);

    private CertificateRules() {
    }

    /**
     * One listener's certificate as {@code radar} shows it.
     *
     * @param nodeId        the node, or null
     * @param role          broker or controller
     * @param listener      the listener's name, or null when unknown
     * @param endpoint      host:port read
     * @param tls           whether it speaks TLS
     * @param subject       the leaf's subject, null when none was read
     * @param issuer        the leaf's issuer
     * @param subjectAltNames the leaf's subject alternative names
     * @param notAfter      the end of the leaf's validity
     * @param daysLeft      whole days left, rounded up (0 or less: expired), null when none was read
     * @param address       the host clients use, which the leaf must match
     * @param hostMatches   whether the leaf is valid for {@code address}; null when none was read
     * @param chainLength   certificates presented, the leaf included
     * @param earliestInChain the earliest end of validity in the chain (an issuing certificate may end first)
     * @param severity      the worst of this listener's problems, INFO when none
     * @param problem       what is wrong, or the reason nothing was read, or null
     */
    public record Row(Integer nodeId, String role, String listener, String endpoint, boolean tls, String subject,
                      String issuer, List<String> subjectAltNames, Instant notAfter, Long daysLeft, String address,
                      Boolean hostMatches, int chainLength, Instant earliestInChain, Severity severity,
                      String problem) {
    }

    /** What {@link #judge} found: one row per listener read, the findings, and how triage takes them. */
    public record Judged(List<Row> rows, List<Finding> findings, List<SideFinding> forTriage) {
    }

    public static Judged judge(List<PresentedChain> chains, RadarThresholds t, Instant now) {
        List<Row> rows = new ArrayList<>();
        Map<String, Group> groups = new LinkedHashMap<>();
        for (PresentedChain c : chains) {
            rows.add(row(c, t, now, groups));
        }
        List<Finding> findings = new ArrayList<>();
        List<SideFinding> forTriage = new ArrayList<>();
        groups.values().forEach(g -> {
            findings.add(g.finding());
            forTriage.add(g.forTriage());
        });
        return new Judged(rows, findings, forTriage);
    }

    private static Row row(PresentedChain c, RadarThresholds t, Instant now, Map<String, Group> groups) {
        PresentedChain.Certificate leaf = c.leaf();
        if (leaf == null) {
            return new Row(c.nodeId(), c.role(), c.listener(), c.endpoint(), c.tls(), null, null, List.of(), null,
                    null, c.address(), null, 0, null, Severity.INFO, c.error());
        }
        Severity worst = Severity.INFO;
        List<String> problems = new ArrayList<>();
        Instant earliest = leaf.notAfter();
        for (int i = 0; i < c.chain().size(); i++) {
            PresentedChain.Certificate cert = c.chain().get(i);
            earliest = cert.notAfter().isBefore(earliest) ? cert.notAfter() : earliest;
            Problem p = validity(cert, i == 0, t, now);
            if (p != null) {
                problems.add(p.text);
                worst = worse(worst, p.severity);
                group(groups, p, cert, c, i == 0);
            }
        }
        boolean matches = HostnameMatch.matches(c.address(), leaf.subjectAltNames(), leaf.subject());
        if (!matches) {
            String text = "the certificate " + RadarText.outside(leaf.subject()) + " is not valid for "
                    + RadarText.outside(c.address()) + ", the address clients use (subject alternative names: "
                    + (leaf.subjectAltNames().isEmpty() ? "none" : RadarText.outside(String.join(", ",
                    leaf.subjectAltNames()))) + "): a client that checks host names (Kafka's "
                    + "default, ssl.endpoint.identification.algorithm=https) refuses the connection";
            problems.add(text);
            worst = Severity.CRITICAL;
            group(groups, new Problem(HOST_MISMATCH, Severity.CRITICAL, text, "is not valid for "
                    + RadarText.outside(c.address())), leaf, c, true);
        }
        return new Row(c.nodeId(), c.role(), c.listener(), c.endpoint(), true, leaf.subject(), leaf.issuer(),
                leaf.subjectAltNames(), leaf.notAfter(), daysLeft(leaf.notAfter(), now), c.address(), matches,
                c.chain().size(), earliest, worst, problems.isEmpty() ? null : String.join("; ", problems));
    }

    /** One problem: its rule, severity, sentence, and the few words a triage step's line says of it. */
    private record Problem(String rule, Severity severity, String text, String phrase) {
    }

    /** The certificate's validity against the windows, or null when it is fine. */
    private static Problem validity(PresentedChain.Certificate cert, boolean leaf, RadarThresholds t, Instant now) {
        String subject = RadarText.outside(cert.subject());
        String which = leaf ? "the certificate " + subject : "the issuing certificate " + subject + " in the chain";
        Duration left = Duration.between(now, cert.notAfter());
        if (cert.notBefore() != null && now.isBefore(cert.notBefore())) {
            return new Problem(NOT_YET_VALID, Severity.CRITICAL, which + " is not valid until " + RadarText.at(
                    cert.notBefore()) + ": clients refuse it (is this host's clock, or the issuer's, wrong?)",
                    "is not valid yet");
        }
        if (left.isNegative() || left.isZero()) {
            return new Problem(EXPIRED, Severity.CRITICAL, which + " expired " + RadarText.ago(left.negated())
                    + " (" + RadarText.at(cert.notAfter()) + "): clients and brokers that check certificates refuse "
                    + "the connection", "expired " + RadarText.ago(left.negated()));
        }
        if (left.compareTo(DAY.multipliedBy(t.certCriticalDays())) <= 0) {
            return new Problem(EXPIRING, Severity.CRITICAL, which + " expires " + RadarText.in(left) + " ("
                    + RadarText.at(cert.notAfter()) + "), within " + t.certCriticalDays() + " days",
                    "expires " + RadarText.in(left));
        }
        if (left.compareTo(DAY.multipliedBy(t.certWarnDays())) <= 0) {
            return new Problem(EXPIRING, Severity.WARNING, which + " expires " + RadarText.in(left) + " ("
                    + RadarText.at(cert.notAfter()) + "), within " + t.certWarnDays() + " days",
                    "expires " + RadarText.in(left));
        }
        return null;
    }

    /** Whole days left, rounded up, so that "5 days" stays within a 5-day window; 0 or less once expired. */
    public static long daysLeft(Instant notAfter, Instant now) {
        long seconds = Duration.between(now, notAfter).getSeconds();
        return seconds <= 0 ? -(-seconds / 86_400) : (seconds + 86_399) / 86_400;
    }

    private static void group(Map<String, Group> groups, Problem p, PresentedChain.Certificate cert,
                              PresentedChain c, boolean leaf) {
        String key = p.rule + "|" + cert.sha256() + "|" + c.role() + "|" + c.listener() + "|" + p.severity;
        groups.computeIfAbsent(key, k -> new Group(p, c.role(), c.listener(), leaf, new TreeSet<>())).nodes()
                .add(c.nodeId() == null ? -1 : c.nodeId());
    }

    private static Severity worse(Severity a, Severity b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    /** One certificate's one problem on one listener, and the nodes that present it. */
    private record Group(Problem problem, String role, String listener, boolean leaf, TreeSet<Integer> nodes) {

        String where() {
            return RadarText.nodes(role, nodes) + ", " + RadarText.listener(listener);
        }

        Finding finding() {
            return new Finding(problem.severity, problem.rule, where(), problem.text + ".", "radar");
        }

        /**
         * In triage (availability now): expired or not yet valid is CRITICAL (clients that check are refused now);
         * due within the critical window, or not valid for the address, is ERROR (DEGRADED: the cluster serves, and
         * some clients are or soon will be refused); within the warning window, WARNING. Controllers' certificates
         * join step 1, brokers' step 2.
         */
        SideFinding forTriage() {
            Severity inTriage = switch (problem.rule) {
                case EXPIRED, NOT_YET_VALID -> Severity.CRITICAL;
                default -> problem.severity == Severity.CRITICAL ? Severity.ERROR : problem.severity;
            };
            String headline = (leaf ? "certificate" : "issuing certificate") + " of " + RadarText.nodes(role, nodes)
                    + " (" + RadarText.listener(listener) + ") " + problem.phrase;
            return new SideFinding("controller".equals(role) ? 1 : 2, "radar", new Finding(inTriage, problem.rule,
                    where(), problem.text + ".", "radar"), headline);
        }
    }
}
