package dev.kshell.rules;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The words for "bring these brokers back" in a {@code do:} line: in kshell's sandbox the command that does it there
 * ({@code sandbox start-broker 5}), elsewhere the operator's own step ({@code restart broker 5}).
 */
final class BrokerStart {

    private BrokerStart() {
    }

    /** @param verb what the operator does outside the sandbox: "restart" or "start" */
    static String phrase(boolean sandboxSession, String verb, List<Integer> ids) {
        if (!sandboxSession) {
            return verb + " broker " + PartitionHealth.allIds(ids);
        }
        return ids.stream().map(id -> "`sandbox start-broker " + id + "`").collect(Collectors.joining(", "));
    }
}
