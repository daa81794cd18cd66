package dev.kshell.workflow.configs;

import dev.kshell.model.ConfigEntity;
import dev.kshell.model.ConfigOp;
import dev.kshell.model.Finding;
import dev.kshell.rules.ClusterConfigRisks;
import dev.kshell.rules.configs.ConfigFixes;
import dev.kshell.workflow.check.ConfigRiskService;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code audit --fix}: the connected cluster's config-risk findings as one plan of config changes, each entity
 * planned as {@code configs set} plans it (Kafka's validation, before and after, meaning, loss), and the findings
 * whose fix is not a config change (a reassignment, server.properties and a restart) listed apart.
 */
public final class ConfigFixWorkflow {

    private final ConfigRiskService risks;
    private final ConfigsWorkflow configs;

    public ConfigFixWorkflow(ConfigRiskService risks) {
        this.risks = risks;
        this.configs = new ConfigsWorkflow(risks.session());
    }

    /**
     * The fix.
     *
     * @param audited   the audit of the connected cluster
     * @param planned   one plan per entity, in the findings' order (worst first)
     * @param fixes     every change, with its finding
     * @param elsewhere findings of WARNING or worse whose fix is not a config change kshell can make
     * @param bootstrap the connection's bootstrap servers, for Kafka's kafka-configs.sh lines
     */
    public record Fixing(ClusterConfigRisks audited, List<ConfigsWorkflow.Planned> planned,
                         List<ConfigFixes.Fix> fixes, List<Finding> elsewhere, String bootstrap) {

        /** Kafka's kafka-configs.sh line for every change, a comment naming its finding above it. */
        public String kafkaLines() {
            StringBuilder out = new StringBuilder("# kshell audit --fix: the config changes for cluster "
                    + audited.clusterId() + ", as Kafka's own tool takes them\n");
            for (ConfigFixes.Fix f : fixes) {
                out.append("# ").append(f.finding().where()).append(" (").append(f.finding().rule()).append(')')
                        .append(f.tradeOff() ? ": a trade-off, not a fix" : "").append('\n')
                        .append(ConfigFixes.kafkaLine(bootstrap, f.entity(), f.op())).append('\n');
            }
            return out.toString();
        }
    }

    public Fixing plan() {
        ClusterConfigRisks audited = risks.connected().clusters().get(0);
        Map<ConfigEntity, List<ConfigFixes.Fix>> byEntity = ConfigFixes.plan(audited.findings());
        List<ConfigsWorkflow.Planned> planned = new ArrayList<>();
        List<ConfigFixes.Fix> fixes = new ArrayList<>();
        byEntity.forEach((entity, list) -> {
            List<ConfigOp> ops = list.stream().map(ConfigFixes.Fix::op).toList();
            planned.add(configs.plan(entity, ops));
            fixes.addAll(list);
        });
        String bootstrap = risks.session().requireGateway().target().viaControllers() ? null
                : risks.session().requireGateway().target().bootstrapServers();
        return new Fixing(audited, planned, fixes, ConfigFixes.elsewhere(audited.findings()), bootstrap);
    }

    /** The workflow the fix's changes go through. */
    public ConfigsWorkflow configs() {
        return configs;
    }
}
