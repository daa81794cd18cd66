package dev.kshell.workflow.election;

import dev.kshell.connection.ShellSession;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.OffsetMemory;

import dev.kshell.audit.AuditLog;
import dev.kshell.memory.StateStore;


/**
 * The election service over this session: the connection's gateway, the audit log the command gives
 * ({@link KshellHome#auditLog()}), the state store of the records' directory and the quorum history as the guard's
 * {@code QuorumStatus}. Built per command, so a {@code connect} in between is always honoured.
 */
public final class SessionElections {

    private SessionElections() {
    }

    /** @param log the audit log, its lock bounded by the command's own deadline */
    public static ElectionService open(ShellSession session, AuditLog log) {
        return new ElectionService(session.requireGateway(), log,
                new StateStore(OffsetMemory.defaultDir()))
                .withQuorumStatus(new SessionQuorumStatus(session));
    }
}
