package dev.kshell.app;

import dev.kshell.cli.CommandLineExecutor;
import dev.kshell.cli.CommandLineParser;
import dev.kshell.cli.KshellCommand;
import dev.kshell.cli.KshellCommandRegistry;
import dev.kshell.cli.ShellControl;
import dev.kshell.cli.commands.AtMinIsrCommand;
import dev.kshell.cli.commands.BrokersCommand;
import dev.kshell.cli.commands.BrokersUnregisterCommand;
import dev.kshell.cli.commands.BrokersNewDiskCommand;
import dev.kshell.cli.commands.ReassignThrottleCommand;
import dev.kshell.cli.commands.ReassignRestoreRfCommand;
import dev.kshell.cli.commands.CompleteCommand;
import dev.kshell.cli.commands.CompletionCommand;
import dev.kshell.cli.commands.ConfigRiskCommand;
import dev.kshell.cli.commands.ConfigsShowCommand;
import dev.kshell.cli.commands.ConnectCommand;
import dev.kshell.cli.commands.CoordinatorsCommand;
import dev.kshell.cli.commands.DescribeCommand;
import dev.kshell.cli.commands.DisconnectCommand;
import dev.kshell.cli.commands.ElectPreferredCommand;
import dev.kshell.cli.commands.ElectRestoreOrderCommand;
import dev.kshell.cli.commands.ElectUncleanCommand;
import dev.kshell.cli.commands.ClearCommand;
import dev.kshell.cli.commands.ExitCommand;
import dev.kshell.cli.commands.ExplainCommand;
import dev.kshell.cli.commands.FeaturesCommand;
import dev.kshell.cli.commands.GroupCommand;
import dev.kshell.cli.commands.GroupsCommand;
import dev.kshell.cli.commands.GroupsResetOffsetsCommand;
import dev.kshell.cli.commands.HelpCommand;
import dev.kshell.cli.commands.LeaderlessCommand;
import dev.kshell.cli.commands.LogDirsCommand;
import dev.kshell.cli.commands.LintCommand;
import dev.kshell.cli.commands.ManPageCommand;
import dev.kshell.cli.commands.ProfilesCommand;
import dev.kshell.cli.commands.QuorumChangeCommand;
import dev.kshell.cli.commands.QuorumCommand;
import dev.kshell.cli.commands.ReassignCancelCommand;
import dev.kshell.cli.commands.ReassignEvacuateCommand;
import dev.kshell.cli.commands.ReassignmentsCommand;
import dev.kshell.cli.commands.RememberOffsetsCommand;
import dev.kshell.cli.commands.RunCommand;
import dev.kshell.cli.commands.SandboxLoadCommand;
import dev.kshell.cli.commands.SandboxDiskCommand;
import dev.kshell.cli.commands.SandboxNodeCommand;
import dev.kshell.cli.commands.SandboxPauseCommand;
import dev.kshell.cli.commands.SandboxResetCommand;
import dev.kshell.cli.commands.SandboxScenarioCommand;
import dev.kshell.cli.commands.SandboxStatusCommand;
import dev.kshell.cli.commands.StatusCommand;
import dev.kshell.cli.commands.TopicsCommand;
import dev.kshell.cli.commands.TransactionsAbortCommand;
import dev.kshell.cli.commands.TransactionsCommand;
import dev.kshell.cli.commands.TriageCommand;
import dev.kshell.cli.commands.RadarCommand;
import dev.kshell.cli.commands.UnderMinIsrCommand;
import dev.kshell.cli.commands.UnderReplicatedCommand;
import dev.kshell.cli.commands.WatchCommand;
import dev.kshell.cluster.AdminClientGateway;
import dev.kshell.connection.ConnectionRequest;
import dev.kshell.connection.DefaultConnectionResolver;
import dev.kshell.connection.ShellSession;
import dev.kshell.memory.KshellHome;
import dev.kshell.memory.OffsetMemory;
import dev.kshell.memory.QuorumMemory;
import dev.kshell.rules.quorum.VoterChangePlan;
import dev.kshell.sandbox.Sandbox;
import dev.kshell.sandbox.SandboxRecords.NodeAction;
import dev.kshell.workflow.check.ConfigRiskService;

import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * The composition root: every object kshell runs on, made once, with {@code new}, in one place. The one-shot path,
 * runbooks and the REPL all run on one {@code Assembly}; no container, no class-path scanning, no reflection (a
 * start is most of a one-shot command's cost: docs/performance.md). Spring Shell's parts are made here too, with
 * plain constructors: the {@link KshellCommandRegistry} of every command, kshell's grammar as its parser, and (in
 * the executor) its {@code CommandExecutor}; no Spring context starts.
 *
 * <p>A new command is one line in {@link #commands}. {@code AssemblyTest} finds every {@link KshellCommand} class
 * on the class path and fails naming any that is not made here.
 */
public final class Assembly implements AutoCloseable {

    private final ShellSession session;
    private final Sandbox sandbox;
    private final ShellControl control = new ShellControl();
    private final ConnectionRequest.Resolver resolver;
    private final ConfigRiskService configRisks;
    private final KshellCommandRegistry registry;
    private final CommandLineParser parser;
    private final CommandLineExecutor executor;
    private final SandboxLauncher sandboxLauncher;
    private final AtomicBoolean closed = new AtomicBoolean();

    /** The application's assembly: kshell's home, the Admin client, the quorum history on disk. */
    public static Assembly forLaunch() {
        // Remembering offsets is an explicit step (the REPL refresher, `remember offsets`: OffsetMemory), never of reads.
        ShellSession session = new ShellSession(AdminClientGateway::new);
        // who led the quorum, remembered across runs so that a one-shot triage sees a controller that keeps changing
        // (looked up at each write: a sandbox session keeps it with the sandbox's other records)
        session.useQuorumMemory(QuorumMemory.following(OffsetMemory::defaultDir, Clock.systemUTC()));
        return new Assembly(session, new Sandbox(AdminClientGateway::new), KshellHome::dir);
    }

    /**
     * @param session the session every command acts on (closed with the assembly)
     * @param sandbox the session's sandbox, empty unless {@code --sandbox} starts it (closed with the assembly)
     * @param home    kshell's home: profiles, for the connection resolver and the config-risk check
     */
    public Assembly(ShellSession session, Sandbox sandbox, Supplier<Path> home) {
        this.session = session;
        this.sandbox = sandbox;
        this.resolver = new DefaultConnectionResolver(home.get());
        // the config-risk check: profiles from kshell's home, each profile's cluster through its own Admin client
        this.configRisks = new ConfigRiskService(session, home, AdminClientGateway::new);
        // help, completion, the man page, run and watch reach the parser and executor made just below
        this.registry = new KshellCommandRegistry(commands(this::parser, this::executor));
        // kshell's grammar as Spring Shell's CommandParser over that registry; the executor runs lines through Spring
        // Shell's CommandExecutor (docs/architecture.md, "Spring Shell: whose part is where")
        this.parser = new CommandLineParser(registry);
        this.executor = new CommandLineExecutor(parser, session);
        this.sandboxLauncher = new SandboxLauncher(sandbox, session);
    }

    /** Every command, once. A command class with several commands (one per kind) is made once per kind. */
    private List<KshellCommand> commands(Supplier<CommandLineParser> parser, Supplier<CommandLineExecutor> executor) {
        List<KshellCommand> all = new ArrayList<>();
        // session
        all.add(new ConnectCommand(session, resolver));
        all.add(new DisconnectCommand(session));
        all.add(new StatusCommand(session));
        all.add(new ProfilesCommand(session));
        all.add(new ExitCommand(control));
        all.add(new ClearCommand());
        all.add(new HelpCommand(parser));
        all.add(new CompletionCommand());
        all.add(new CompleteCommand(session, parser));
        all.add(new ManPageCommand(parser));
        // state
        all.add(new QuorumCommand(session));
        all.add(new FeaturesCommand(session));
        all.add(new BrokersCommand(session));
        all.add(new TopicsCommand(session));
        all.add(new DescribeCommand(session));
        all.add(new LeaderlessCommand(session));
        all.add(new UnderMinIsrCommand(session));
        all.add(new AtMinIsrCommand(session));
        all.add(new UnderReplicatedCommand(session));
        all.add(new CoordinatorsCommand(session));
        all.add(new GroupsCommand(session));
        all.add(new GroupCommand(session));
        all.add(new TransactionsCommand(session));
        all.add(new ReassignmentsCommand(session));
        all.add(new LogDirsCommand(session));
        // judgement
        all.add(new TriageCommand(session));
        all.add(new RadarCommand(session));
        all.add(new ConfigRiskCommand(configRisks));
        all.addAll(ConfigsShowCommand.family(session));
        all.add(new LintCommand());
        all.add(new ExplainCommand(session));
        // action
        all.add(new ElectPreferredCommand(session));
        all.add(new ElectUncleanCommand(session));
        all.add(new ElectRestoreOrderCommand(session));
        all.add(new RememberOffsetsCommand(session));
        all.add(new ReassignEvacuateCommand(session));
        all.add(new ReassignCancelCommand(session));
        all.add(new ReassignThrottleCommand(session));
        all.add(new BrokersUnregisterCommand(session));
        all.add(new GroupsResetOffsetsCommand(session));
        all.add(new TransactionsAbortCommand(session));
        all.add(new BrokersNewDiskCommand(session));
        all.add(new ReassignRestoreRfCommand(session));
        for (VoterChangePlan.Kind kind : VoterChangePlan.Kind.values()) {
            all.add(new QuorumChangeCommand(session, kind));
        }
        // automation
        all.add(new RunCommand(session, executor));
        all.add(new WatchCommand(executor));
        // sandbox
        all.add(new SandboxStatusCommand(sandbox));
        for (NodeAction action : NodeAction.values()) {
            all.add(new SandboxNodeCommand(sandbox, action));
        }
        all.add(new SandboxPauseCommand(sandbox, session));
        all.add(new SandboxScenarioCommand(sandbox, session));
        all.add(new SandboxLoadCommand(sandbox));
        all.add(SandboxDiskCommand.loseDisk(sandbox));
        all.add(SandboxDiskCommand.failDisk(sandbox));
        all.add(new SandboxResetCommand(sandbox));
        return all;
    }

    public ShellSession session() {
        return session;
    }

    public Sandbox sandbox() {
        return sandbox;
    }

    public ShellControl control() {
        return control;
    }

    public ConnectionRequest.Resolver resolver() {
        return resolver;
    }

    /** Every command, in the order made: the commands of the {@link #registry()}. */
    public List<KshellCommand> commands() {
        return registry.commands();
    }

    /** The Spring Shell command registry that holds every command kshell runs. */
    public KshellCommandRegistry registry() {
        return registry;
    }

    public CommandLineParser parser() {
        return parser;
    }

    public CommandLineExecutor executor() {
        return executor;
    }

    public SandboxLauncher sandboxLauncher() {
        return sandboxLauncher;
    }

    /**
     * Closes what holds threads, connections or child JVMs: the commands' own services, the session (its Admin
     * client), then the sandbox (every node stopped). Idempotent: the shutdown hook (SIGTERM, SIGHUP) and the normal
     * end may both call it.
     */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (KshellCommand command : registry.commands()) {
            if (command instanceof AutoCloseable closeable) {
                closeQuietly(closeable);
            }
        }
        closeQuietly(session);
        closeQuietly(sandbox);
    }

    private static void closeQuietly(AutoCloseable closeable) {
        try {
            closeable.close();
        } catch (Exception e) {
            // on the way out: nothing the operator can act on (the sandbox's nodes also watch their parent)
        }
    }
}
