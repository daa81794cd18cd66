package dev.kshell.workflow.logdirs;

import dev.kshell.cluster.ClusterGateway;
import dev.kshell.connection.ShellSession;
import dev.kshell.model.BrokerState;
import dev.kshell.model.KshellFailure;
import dev.kshell.model.ExitCode;
import dev.kshell.model.LogDirsRead;
import dev.kshell.rules.replication.LogDirHealth;
import dev.kshell.rules.replication.LogDirReport;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code logdirs}: every live broker's log directories (or one broker's), judged, with the growth this session
 * watched. Reads only; each read joins the session's {@link dev.kshell.memory.LogDirHistory}.
 */
public final class LogDirsService {

    private final ShellSession session;

    public LogDirsService(ShellSession session) {
        this.session = session;
    }

    /**
     * @param broker only this broker, or null for every live one
     * @return the judged directories; brokers not live are named in its errors
     */
    public LogDirReport read(Integer broker) {
        ClusterGateway gateway = session.requireGateway();
        List<BrokerState> brokers = gateway.brokers();
        Set<Integer> ask = new TreeSet<>();
        List<String> notLive = new ArrayList<>();
        for (BrokerState b : brokers) {
            if (broker == null || b.id() == broker) {
                if (b.live()) {
                    ask.add(b.id());
                } else {
                    notLive.add("broker " + b.id() + " is fenced (down): its log directories cannot be read");
                }
            }
        }
        if (broker != null && ask.isEmpty() && notLive.isEmpty()) {
            throw new KshellFailure(ExitCode.USAGE, "no broker " + broker + " is registered in this cluster");
        }
        List<String> notes = new ArrayList<>(notLive);
        LogDirsRead read = ReplicationReads.logDirs(gateway, ask, notes);
        if (read == null) {
            throw new KshellFailure(ExitCode.UNREACHABLE, notes.get(notes.size() - 1));
        }
        LogDirReport report = LogDirHealth.judge(read,
                session.logDirHistory().record(gateway.clusterId(), read));
        List<String> errors = new ArrayList<>(notes);
        errors.addAll(report.errors());
        return new LogDirReport(report.takenAtMs(), report.dirs(), errors, report.findings());
    }
}
