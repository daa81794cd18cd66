package dev.kshell.workflow.reassign;

import dev.kshell.audit.AuditLog;
import dev.kshell.cluster.ClusterGateway;

/**
 * What {@code reassign cancel}, {@code reassign throttle}, {@code reassign restore-rf} and {@code brokers unregister}
 * hold, written once: the gateway they read and change through, and their {@link ChangeSteps} under one audit action.
 */
abstract class SteppedWorkflow {

    final ClusterGateway gateway;
    final ChangeSteps steps;

    SteppedWorkflow(ClusterGateway gateway, String action, AuditLog auditLog) {
        this.gateway = gateway;
        this.steps = new ChangeSteps(action, auditLog);
    }
}
