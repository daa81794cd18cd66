package dev.kshell;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import com.tngtech.archunit.core.domain.JavaMethodCall;

/**
 * The package rules of docs/architecture.md, checked on the compiled main classes (every dependency counts: imports,
 * fields, calls, signatures). A rule that current code breaks on purpose would be listed in {@link #KNOWN_EXCEPTIONS}
 * with the reason; there are none: keep it that way.
 */
@Timeout(120)
class ArchitectureTest {

    private static final String ROOT = "dev.kshell";
    private static final String ADMIN_API = "org.apache.kafka.clients.admin..";
    private static final String SPRING = "org.springframework..";
    private static final String SPRING_SHELL = "org.springframework.shell";

    /** Packages that hold rules, models and renderers: no cluster calls, no connection state. */
    private static final String[] PURE_OF_CLUSTER_AND_SESSION = {
        ROOT + ".rules..", ROOT + ".render..", ROOT + ".model..", ROOT + ".grammar..", ROOT + ".util.."};

    /**
     * The floors of docs/architecture.md, top to bottom: a class may depend on its own floor and the ones below it,
     * never on one above. Every package of src/main is on exactly one floor ({@link #should_put_every_package_on_a_floor}).
     */
    static final List<List<String>> FLOORS = List.of(
            List.of("app"),
            List.of("cli"),
            List.of("render"),
            List.of("workflow", "runbook", "sandbox"),
            List.of("connection"),
            List.of("memory"),
            List.of("rules"),
            List.of("cluster"),
            List.of("grammar", "audit"),
            List.of("model", "util"));

    /** Packages that are plain Java: neither Spring nor the Kafka client (the election service reaches Kafka only
     *  through cluster.ClusterGateway). */
    private static final String[] PLAIN_JAVA = {
        ROOT + ".rules..", ROOT + ".workflow..", ROOT + ".runbook..", ROOT + ".render..", ROOT + ".model..",
        ROOT + ".grammar..", ROOT + ".util..", ROOT + ".audit..", ROOT + ".memory.."};

    /**
     * Dependencies that break a rule today and are accepted for now, each with why (fully qualified class names of
     * the origin). Empty: every rule holds for the whole of src/main.
     */
    private static final Set<String> KNOWN_EXCEPTIONS = Set.of();

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // The compiled main classes only (importing by package would scan the whole class path: slow on a busy machine).
        main = new ClassFileImporter().importPath(Path.of("target/classes"));
        assertThat(main.size()).as("classes of src/main imported").isGreaterThan(100);
    }

    @Test
    void should_use_the_kafka_admin_api_only_in_cluster_and_sandbox() {
        check(noClasses().that().resideOutsideOfPackages(ROOT + ".cluster..", ROOT + ".sandbox..")
                .should().dependOnClassesThat().resideInAPackage(ADMIN_API)
                .because("the Admin client is behind cluster.ClusterGateway (docs/architecture.md, The gateway)"));
    }

    @Test
    void should_use_the_jdks_tls_and_certificate_classes_only_in_cluster() {
        check(noClasses().that().resideOutsideOfPackage(ROOT + ".cluster..")
                .should().dependOnClassesThat().resideInAnyPackage("javax.net.ssl..", "java.security.cert..")
                .because("handshakes and certificates are read in cluster/ (the node probe, the radar's chain "
                        + "reader); above it a certificate is a model.PresentedChain (docs/architecture.md)"));
    }

    @Test
    void should_use_spring_only_for_the_runbooks_expressions_and_spring_shells_command_model() {
        // No container: app.Assembly makes every object with `new`. A command carrying @Component (or any other
        // Spring annotation) would be a command nothing makes: add it to app.Assembly instead (AssemblyTest).
        // Spring Shell's command model (registry, executor, parser, runners, exit status) sits in cli/ and app/ only.
        check(noClasses().that().resideOutsideOfPackages(ROOT + ".runbook..", ROOT + ".cli", ROOT + ".app..")
                .should().dependOnClassesThat().resideInAPackage(SPRING)
                .because("kshell starts no Spring container: app.Assembly is the composition root; only runbook/ "
                        + "uses Spring, for SpEL, and only cli/ and app/ Spring Shell (docs/architecture.md, "
                        + "\"Spring Shell: whose part is where\")"));
        check(noClasses().that().resideInAnyPackage(ROOT + ".cli", ROOT + ".app..")
                .should().dependOnClassesThat(new DescribedPredicate<>("Spring other than Spring Shell") {
                    @Override
                    public boolean test(JavaClass c) {
                        return c.getPackageName().startsWith("org.springframework")
                                && !c.getPackageName().startsWith(SPRING_SHELL);
                    }
                })
                .because("cli/ and app/ use Spring Shell's command model, never a Spring context"));
        // Spring Shell's Utils (its help, its completer, the stock REPL's unknown-command message) starts Hibernate
        // Validator in its static initialiser: not on kshell's class path, and never reached.
        check(noClasses().should().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".core.utils.Utils")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".core.command.Help")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".jline.CommandCompleter")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".core.InteractiveShellRunner")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".core.NonInteractiveShellRunner")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".jline.JLineShellRunner")
                .orShould().dependOnClassesThat().haveFullyQualifiedName(SPRING_SHELL + ".core.command.DefaultCommandParser")
                .because("those parts of Spring Shell carry its defects (docs/kafka-behaviour.md); kshell's parts sit "
                        + "in their extension points"));
    }

    @Test
    void should_let_only_app_and_the_sandbox_commands_depend_on_the_sandbox() {
        DescribedPredicate<JavaClass> allowed = new DescribedPredicate<>("app/ or a cli.commands.Sandbox* command") {
            @Override
            public boolean test(JavaClass c) {
                String name = c.getName();
                return c.getPackageName().startsWith(ROOT + ".app") || c.getPackageName().startsWith(ROOT + ".sandbox")
                        || (c.getPackageName().equals(ROOT + ".cli.commands")
                                && c.getSimpleName().startsWith("Sandbox"))
                        || name.startsWith(ROOT + ".cli.commands.Sandbox"); // their nested classes
            }
        };
        check(noClasses().that(DescribedPredicate.not(allowed))
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".sandbox..")
                .because("the sandbox is a tool for practice; real-cluster code must not need it"));
    }

    @Test
    void should_keep_rules_models_and_renderers_free_of_cluster_and_session() {
        check(noClasses().that().resideInAnyPackage(PURE_OF_CLUSTER_AND_SESSION)
                .should().dependOnClassesThat().resideInAnyPackage(ROOT + ".cluster..", ROOT + ".connection..")
                .because("rules and renderers are pure functions over a snapshot, testable without a cluster; "
                        + "workflow/ runs them over a connection"));
    }

    @Test
    void should_keep_spring_and_the_kafka_client_out_of_the_plain_packages() {
        // runbook/ evaluates its expressions with SpEL (a sandboxed evaluation context): that part of Spring only.
        DescribedPredicate<JavaClass> springOrKafka = new DescribedPredicate<>("Spring (SpEL excepted in runbook/) or Kafka") {
            @Override
            public boolean test(JavaClass c) {
                return c.getPackageName().startsWith("org.springframework") || c.getPackageName().startsWith("org.apache.kafka");
            }
        };
        check(noClasses().that().resideInAnyPackage(PLAIN_JAVA).and().resideOutsideOfPackage(ROOT + ".runbook..")
                .should().dependOnClassesThat(springOrKafka)
                .because("these packages are plain Java (docs/architecture.md, Packages)"));
        check(noClasses().that().resideInAPackage(ROOT + ".runbook..")
                .should().dependOnClassesThat().resideInAnyPackage("org.apache.kafka..")
                .orShould().dependOnClassesThat(new DescribedPredicate<>("Spring other than SpEL") {
                    @Override
                    public boolean test(JavaClass c) {
                        String pkg = c.getPackageName();
                        // TypeDescriptor appears in SpEL's MethodResolver signature.
                        return pkg.startsWith("org.springframework") && !pkg.startsWith("org.springframework.expression")
                                && !c.getName().equals("org.springframework.core.convert.TypeDescriptor");
                    }
                })
                .because("runbook/ is plain Java apart from SpEL"));
    }

    /**
     * The gateway's methods that change the cluster: only the workflows (election/ and workflow/, where the
     * elections move at the end of this wave), behind the guard, call them.
     */
    private static final Set<String> MUTATING_GATEWAY_METHODS = Set.of("electLeaders", "reassignSameSet");

    @Test
    void should_let_only_election_call_the_gateways_mutating_methods() {
        DescribedPredicate<JavaMethodCall> mutating =
                new DescribedPredicate<>("a call of ClusterGateway's mutating methods " + MUTATING_GATEWAY_METHODS) {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return MUTATING_GATEWAY_METHODS.contains(call.getName())
                                && call.getTargetOwner().isAssignableTo(ROOT + ".cluster.ClusterGateway");
                    }
                };
        check(noClasses().that().resideOutsideOfPackages(ROOT + ".election..", ROOT + ".workflow..", ROOT + ".cluster..")
                .should().callMethodWhere(mutating)
                .because("every change to a cluster goes through the guard and the audit log (workflow.election.GuardedStep)"));
        // not vacuous: the workflows themselves call them
        assertThat(noClasses().that().resideInAPackage(ROOT + ".workflow..").should().callMethodWhere(mutating)
                .evaluate(main).hasViolation()).isTrue();
    }

    @Test
    void should_let_only_the_gate_approve_a_mutation() {
        DescribedPredicate<JavaMethodCall> approving =
                new DescribedPredicate<>("a call that writes a confirmed line (AuditLog.confirm, AuditEntry.approvedBy) "
                        + "or makes an act's approval current (Approval.during)") {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        String owner = call.getTargetOwner().getName();
                        return owner.equals(ROOT + ".audit.AuditLog") && call.getName().equals("confirm")
                                || owner.equals(ROOT + ".audit.AuditEntry") && call.getName().equals("approvedBy")
                                || owner.equals(ROOT + ".audit.Approval") && call.getName().equals("during");
                    }
                };
        check(noClasses().that().resideOutsideOfPackages(ROOT + ".workflow.gate..", ROOT + ".audit..")
                .should().callMethodWhere(approving)
                .because("every mutation passes one gate (docs/architecture.md): the pin, the runbook's approval, "
                        + "the question and the audit line; the gateway's mutating calls require its approval"));
        // not vacuous: the gate itself does
        assertThat(noClasses().that().resideInAPackage(ROOT + ".workflow.gate..").should().callMethodWhere(approving)
                .evaluate(main).hasViolation()).isTrue();
    }

    @Test
    void should_let_only_the_quorum_workflow_and_the_sandbox_change_the_voter_set() {
        DescribedPredicate<JavaMethodCall> voterChange =
                new DescribedPredicate<>("a call of QuorumChanges.addVoter / removeVoter") {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return Set.of("addVoter", "removeVoter").contains(call.getName())
                                && call.getTargetOwner().isAssignableTo(ROOT + ".cluster.QuorumChanges");
                    }
                };
        // the sandbox's reset makes its own controllers voters again (practice, not an operator's change)
        check(noClasses().that().resideOutsideOfPackages(ROOT + ".workflow.quorum..", ROOT + ".cluster..",
                        ROOT + ".sandbox..")
                .should().callMethodWhere(voterChange)
                .because("a voter change goes through quorum replace/remove/add-controller: checks, plan, "
                        + "confirmation, audit"));
        assertThat(noClasses().that().resideInAPackage(ROOT + ".workflow.quorum..").should()
                .callMethodWhere(voterChange).evaluate(main).hasViolation()).isTrue();
    }

    @Test
    void should_keep_commands_off_the_cluster_package() {
        check(noClasses().that().resideInAPackage(ROOT + ".cli.commands..")
                .should().dependOnClassesThat().resideInAPackage(ROOT + ".cluster..")
                .because("a command parses, calls a workflow (workflow/, connection/) and renders"));
    }

    /** The JDK's readers of system properties and environment variables. */
    private static final Set<String> ENVIRONMENT_READS = Set.of(
            "java.lang.System.getProperty", "java.lang.System.getenv", "java.lang.System.getProperties",
            "java.lang.Boolean.getBoolean", "java.lang.Long.getLong", "java.lang.Integer.getInteger");

    @Test
    void should_read_the_environment_only_in_util_environment() {
        DescribedPredicate<JavaMethodCall> environmentRead =
                new DescribedPredicate<>("a read of a system property or an environment variable") {
                    @Override
                    public boolean test(JavaMethodCall call) {
                        return ENVIRONMENT_READS.contains(call.getTargetOwner().getName() + "." + call.getName());
                    }
                };
        // sandbox.NodeMain runs in the sandbox's child JVMs, where util.Environment is not on the class path.
        DescribedPredicate<JavaClass> readers = new DescribedPredicate<>("util.Environment (and its nested types) "
                + "or sandbox.NodeMain") {
            @Override
            public boolean test(JavaClass c) {
                return c.getName().equals(ROOT + ".util.Environment") || c.getName().startsWith(ROOT + ".util.Environment$")
                        || c.getName().equals(ROOT + ".sandbox.NodeMain");
            }
        };
        check(noClasses().that(DescribedPredicate.not(readers))
                .should().callMethodWhere(environmentRead)
                .because("util.Environment lists every setting kshell reads (docs/architecture.md, Assembly)"));
        // not vacuous: Environment itself reads them
        assertThat(noClasses().that(readers)
                .should().callMethodWhere(environmentRead).evaluate(main).hasViolation()).isTrue();
    }

    @Test
    void should_never_depend_on_a_higher_floor() {
        for (int floor = 1; floor < FLOORS.size(); floor++) {
            String[] below = packages(FLOORS.subList(floor, FLOORS.size()));
            String[] above = packages(FLOORS.subList(0, floor));
            check(noClasses().that().resideInAnyPackage(below).should().dependOnClassesThat().resideInAnyPackage(above)
                    .because("imports only go down the floors (docs/architecture.md, The floors)"));
        }
    }

    @Test
    void should_put_every_package_on_a_floor() {
        List<String> all = FLOORS.stream().flatMap(List::stream).toList();
        assertThat(main.stream().map(c -> c.getPackageName()).filter(p -> p.startsWith(ROOT + "."))
                .map(p -> p.substring(ROOT.length() + 1).split("\\.")[0]).distinct())
                .as("top-level packages of src/main, each on a floor").allMatch(all::contains);
    }

    @Test
    void should_have_no_package_cycles() {
        check(com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices().matching(ROOT + ".(**)")
                .should().beFreeOfCycles()
                .because("no two packages import each other, directly or round a loop"));
    }

    private static String[] packages(List<List<String>> floors) {
        return floors.stream().flatMap(List::stream).map(p -> ROOT + "." + p + "..").toArray(String[]::new);
    }

    @Test
    void should_catch_a_dependency_that_breaks_a_rule() {
        // The rules are not vacuous: the same check over cluster/ itself finds its Admin API use.
        EvaluationResult result = noClasses().that().resideInAPackage(ROOT + ".cluster..")
                .should().dependOnClassesThat().resideInAPackage(ADMIN_API).evaluate(main);
        assertThat(result.hasViolation()).isTrue();
    }

    private static void check(ArchRule rule) {
        EvaluationResult result = rule.evaluate(main);
        List<String> violations = result.getFailureReport().getDetails().stream()
                .filter(line -> KNOWN_EXCEPTIONS.stream().noneMatch(line::contains))
                .toList();
        assertThat(violations).as(rule.getDescription()).isEmpty();
    }
}
