package dev.kshell.workflow.election;

import dev.kshell.connection.ShellSession;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.OffsetMemory;

import dev.kshell.audit.AuditLog;
import dev.kshell.memory.StateStore;

import java.time.Duration;

/**
 * The election service over this session: the connection's gateway, the audit log ({@link KshellHome#auditLog()}),
 * the state store of the records' directory and the quorum history as the guard's {@code QuorumStatus}. Built per
 * command, so a {@code connect} in between is always honoured.
 */
public final class SessionElections {

    private SessionElections() {
    }

    /** @param lockDeadline how long the audit log's lock may be waited for (the command's own deadline) */
    public static ElectionService open(ShellSession session, Duration lockDeadline) {
        return new ElectionService(session.requireGateway(), new AuditLog(KshellHome.auditLog(), lockDeadline),
                new StateStore(OffsetMemory.defaultDir()))
                .withQuorumStatus(new SessionQuorumStatus(session));
    }
}
