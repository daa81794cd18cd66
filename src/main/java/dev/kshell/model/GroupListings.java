package dev.kshell.model;

import java.util.List;

/**
 * Every group the brokers listed.
 *
 * @param groups       the groups, sorted by id
 * @param problems     what could not be listed (a broker that did not answer), one sentence each
 * @param typesMissing why types are inferred ("n/a (Kafka 2.8: ...)"), or null when the release reports them
 */
public record GroupListings(List<ClientGroup> groups, List<String> problems, String typesMissing) {

    public GroupListings {
        groups = List.copyOf(groups);
        problems = List.copyOf(problems);
    }
}
