package dev.kshell.rules.lint;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One entry of {@code controller.quorum.voters} ({@code id@host:port}) or of
 * {@code controller.quorum.bootstrap.servers} ({@code host:port}, id absent).
 *
 * @param id   the voter's node id, or -1 for a bootstrap server
 * @param host the host, without IPv6 brackets
 * @param port the port
 * @param raw  the entry as written, trimmed
 */
public record VoterEntry(int id, String host, int port, String raw) {

    private static final Pattern VOTER = Pattern.compile("^(-?[0-9]+)@\\[?([^\\s\\[\\]@]+?)\\]?:([0-9]+)$");
    private static final Pattern SERVER = Pattern.compile("^\\[?([^\\s\\[\\]@]+?)\\]?:([0-9]+)$");

    public record ParsedVoters(List<VoterEntry> entries, List<String> malformed) {
    }

    /** Parses a voters list ({@code id@host:port,...}). */
    public static ParsedVoters parseVoters(String value) {
        return parse(value, true);
    }

    /** Parses a bootstrap-servers list ({@code host:port,...}). */
    public static ParsedVoters parseBootstrapServers(String value) {
        return parse(value, false);
    }

    private static ParsedVoters parse(String value, boolean withId) {
        CommaList.Parsed<VoterEntry> parsed = CommaList.parse(value, raw -> entry(raw, withId));
        return new ParsedVoters(parsed.entries(), parsed.malformed());
    }

    /** One entry, id@host:port (or host:port without the id) with a port and id Kafka accepts, or null. */
    private static VoterEntry entry(String raw, boolean withId) {
        Matcher m = (withId ? VOTER : SERVER).matcher(raw);
        if (!m.matches()) {
            return null;
        }
        try {
            int g = withId ? 1 : 0;
            int id = withId ? Integer.parseInt(m.group(1)) : -1;
            int port = Integer.parseInt(m.group(g + 2));
            if (port < 1 || port > 65535 || (withId && id < 0)) {
                return null;
            }
            return new VoterEntry(id, m.group(g + 1), port, raw);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** "host:port" with the host normalised, for comparisons. */
    public String endpointKey() {
        return Hosts.normalise(host) + ":" + port;
    }
}
