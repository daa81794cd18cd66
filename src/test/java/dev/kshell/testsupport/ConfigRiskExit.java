package dev.kshell.testsupport;

import dev.kshell.model.ExitCode;
import dev.kshell.model.Severity;
import tools.jackson.databind.JsonNode;

/** The exit code {@code audit --output json}'s findings call for: 1 when a cluster has a WARNING or worse, else 0. */
public final class ConfigRiskExit {

    private ConfigRiskExit() {
    }

    public static ExitCode of(JsonNode audit) {
        for (JsonNode c : audit.get("clusters")) {
            for (JsonNode f : c.get("findings")) {
                if (Severity.valueOf(f.get("severity").asString()).atLeast(Severity.WARNING)) {
                    return ExitCode.FINDINGS;
                }
            }
        }
        return ExitCode.OK;
    }
}
