package dev.kshell.model;

import java.util.List;

/**
 * The groups and transactional ids a cluster reported, for the {@code coordinators} check. Read broker by broker,
 * so one failing broker does not lose the others' answers: what could not be read is said in {@code problems}.
 *
 * @param groups       consumer groups (every type) with state and member count where known
 * @param transactions transactional ids with state
 * @param problems     what could not be read, one sentence each (a broker that did not answer, a group that could
 *                     not be described); empty when everything was read
 */
public record CoordinatorClients(List<GroupInfo> groups, List<TransactionInfo> transactions, List<String> problems) {

    public CoordinatorClients {
        groups = List.copyOf(groups);
        transactions = List.copyOf(transactions);
        problems = List.copyOf(problems);
    }
}
