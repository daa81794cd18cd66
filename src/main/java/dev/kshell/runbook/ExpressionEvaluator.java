package dev.kshell.runbook;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.springframework.expression.ParseException;
import org.springframework.expression.spel.SpelNode;
import org.springframework.expression.spel.ast.Assign;
import org.springframework.expression.spel.ast.BeanReference;
import org.springframework.expression.spel.ast.CompoundExpression;
import org.springframework.expression.spel.ast.ConstructorReference;
import org.springframework.expression.spel.ast.FunctionReference;
import org.springframework.expression.spel.ast.Indexer;
import org.springframework.expression.spel.ast.InlineMap;
import org.springframework.expression.spel.ast.MethodReference;
import org.springframework.expression.spel.ast.OpAnd;
import org.springframework.expression.spel.ast.OpDec;
import org.springframework.expression.spel.ast.OpInc;
import org.springframework.expression.spel.ast.OpOr;
import org.springframework.expression.spel.ast.Operator;
import org.springframework.expression.spel.ast.Projection;
import org.springframework.expression.spel.ast.PropertyOrFieldReference;
import org.springframework.expression.spel.ast.QualifiedIdentifier;
import org.springframework.expression.spel.ast.Selection;
import org.springframework.expression.spel.ast.TypeReference;
import org.springframework.expression.spel.ast.VariableReference;
import org.springframework.expression.spel.standard.SpelExpression;
import org.springframework.expression.spel.standard.SpelExpressionParser;
import org.springframework.expression.spel.support.SimpleEvaluationContext;
import dev.kshell.connection.Secrets;
import org.springframework.expression.ExpressionException;

/**
 * Runbook expressions: Spring Expression Language (SpEL) in a sandbox.
 *
 * <p>What an expression can see (the root object): {@code result} (the previous command's JSON model as a read-only
 * Map/List tree, see {@link ModelTree}), {@code cluster} (a {@link ClusterView} over a fresh snapshot, fetched at most
 * once per evaluation and only when the expression uses it) and every param / set value by its plain name
 * ({@code topic}). Params are also variables ({@code #topic}), which is how to reach them inside a selection, where
 * plain names refer to the element. A param whose value is a whole number is a {@code Long}; any other is a String.
 *
 * <p>Two locks, so that a runbook cannot run arbitrary code:
 * <ol>
 *   <li>{@link #compile} rejects type references {@code T(...)}, {@code new}, bean references {@code @x},
 *       assignment, {@code ++ --}, function variables {@code #f()}, calls to methods outside the allow-list and
 *       functions called on the root.</li>
 *   <li>Evaluation uses a {@link SimpleEvaluationContext} (no type locator, no constructors, no bean resolver), with
 *       read-only property access (Maps, then read-only data binding, which refuses {@code getClass()}), assignment
 *       disabled, and a method resolver that allows only {@link #ALLOWED_METHODS} on the model's own types.</li>
 * </ol>
 */
public final class ExpressionEvaluator {

    /** Method names an expression may call, by the type they may be called on. */
    public static final Map<Class<?>, Set<String>> ALLOWED_METHODS = ExpressionSandbox.ALLOWED_METHODS;

    private static final Set<String> ALL_ALLOWED_NAMES = ALLOWED_METHODS.values().stream()
            .flatMap(Set::stream).collect(Collectors.toCollection(TreeSet::new));

    /** Words that cannot name a param: the root names and SpEL's word operators and literals. */
    private static final Set<String> RESERVED = Set.of("result", "cluster", "and", "or", "not", "eq", "ne", "lt",
            "gt", "le", "ge", "div", "mod", "instanceof", "matches", "between", "true", "false", "null", "new", "t",
            "this", "root");

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?\\d{1,18}");

    /** A checked, compiled expression. {@code rootNames}: the names it reads from the root or as #variables. */
    public record Compiled(String source, SpelExpression expression, Set<String> rootNames) {
        @Override
        public String toString() {
            return source;
        }
    }

    /** What an expression is evaluated over. {@code result} is converted with {@link ModelTree#toPlain}. */
    public record Bindings(Object result, Map<String, String> params, Supplier<ClusterView> cluster) {
    }

    /** The expression text is not a valid or not an allowed expression. */
    public static final class InvalidExpressionException extends Exception {
        public InvalidExpressionException(String message) {
            super(message);
        }
    }

    /** Evaluation failed: a mistake in the expression, or ({@link #clusterUnavailable()}) the cluster could not be read. */
    public static final class EvaluationFailure extends Exception {
        private final boolean clusterUnavailable;

        EvaluationFailure(String message, boolean clusterUnavailable, Throwable cause) {
            super(message, cause);
            this.clusterUnavailable = clusterUnavailable;
        }

        public boolean clusterUnavailable() {
            return clusterUnavailable;
        }
    }

    private final SpelExpressionParser parser = new SpelExpressionParser();

    /** How deep brackets ((), [], {}) may nest in one expression: SpEL's parser recurses once per level. */
    public static final int MAX_NESTING = 64;

    // The deepest nesting of brackets outside string literals ('it''s' and "say ""hi""" double their quote).
    static int nesting(String text) {
        int depth = 0;
        int max = 0;
        char quote = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0; // a doubled quote closes and reopens: the same depth either way
                }
            } else if (c == '\'' || c == '"') {
                quote = c;
            } else if (c == '(' || c == '[' || c == '{') {
                max = Math.max(max, ++depth);
            } else if ((c == ')' || c == ']' || c == '}') && depth > 0) {
                depth--;
            }
        }
        return max;
    }

    /** Is this usable as a param name (an identifier that is not a root name or a SpEL word)? */
    public static boolean isValidName(String name) {
        return name.matches("[A-Za-z_][A-Za-z0-9_]*") && !RESERVED.contains(name.toLowerCase(Locale.ROOT));
    }

    /** A param's value as expressions see it: whole numbers as Long, anything else as the String. */
    public static Object typed(String value) {
        if (value != null && WHOLE_NUMBER.matcher(value).matches()) {
            return Long.parseLong(value);
        }
        return value;
    }

    /**
     * Parses and checks an expression.
     *
     * @throws InvalidExpressionException with a one-line reason (and the column for syntax errors)
     */
    public Compiled compile(String text) throws InvalidExpressionException {
        if (text == null || text.isBlank()) {
            throw new InvalidExpressionException("missing expression");
        }
        int depth = nesting(text);
        if (depth > MAX_NESTING) {
            throw new InvalidExpressionException("expression nested " + depth + " deep: at most " + MAX_NESTING
                    + " brackets inside one another");
        }
        SpelExpression expression;
        try {
            expression = (SpelExpression) parser.parseExpression(text);
        } catch (StackOverflowError e) {
            // SpEL parses and evaluates recursively: a chain of thousands of operators still overflows the stack
            throw new InvalidExpressionException("expression too deeply nested to parse");
        } catch (ParseException e) {
            int pos = e.getPosition();
            throw new InvalidExpressionException("bad expression" + (pos >= 0 ? " at column " + (pos + 1) : "")
                    + ": " + clean(e.getSimpleMessage()));
        } catch (RuntimeException e) {
            throw new InvalidExpressionException("bad expression: " + clean(e.getMessage()));
        }
        List<String> problems = new ArrayList<>();
        Set<String> names = new LinkedHashSet<>();
        try {
            walk(expression.getAST(), true, names, problems);
        } catch (StackOverflowError e) {
            throw new InvalidExpressionException("expression too deeply nested to check");
        }
        if (!problems.isEmpty()) {
            throw new InvalidExpressionException(problems.get(0));
        }
        return new Compiled(text, expression, Set.copyOf(names));
    }

    /** Evaluates to whatever the expression yields (plain values, Maps, Lists). */
    public Object evaluate(Compiled compiled, Bindings bindings) throws EvaluationFailure {
        return run(compiled.expression(), new ExpressionSandbox.EvalRoot(bindings));
    }

    /** Evaluates a condition; a value that is not a boolean is a failure, not false. */
    public boolean test(Compiled compiled, Bindings bindings) throws EvaluationFailure {
        return check(compiled, bindings).value();
    }

    /**
     * A condition's value and, when it is false, the operand values of a top-level comparison for the message
     * ({@code left: 3, right: 0}; empty when the expression is not a comparison). Both are read from the same
     * cluster view.
     */
    public record Check(boolean value, String operands) {
    }

    /** Evaluates a condition and explains a false one; see {@link Check}. */
    public Check check(Compiled compiled, Bindings bindings) throws EvaluationFailure {
        ExpressionSandbox.EvalRoot root = new ExpressionSandbox.EvalRoot(bindings);
        Object value = run(compiled.expression(), root);
        if (!(value instanceof Boolean b)) {
            throw new EvaluationFailure("expression is not true or false (it is " + (readsSecret(compiled.rootNames())
                    ? Secrets.MASK : ModelTree.brief(value, 120)) + ")", false, null);
        }
        return new Check(b, b ? "" : describeOperands(compiled, root));
    }

    // A value computed from a secret-named param ({@code token.toUpperCase()}) is as secret as the param: no literal
    // masking would recognise it, so it is never shown.
    private static boolean readsSecret(Set<String> names) {
        return names.stream().anyMatch(Secrets::isSecretKey);
    }

    private String describeOperands(Compiled compiled, ExpressionSandbox.EvalRoot root) {
        SpelNode ast = compiled.expression().getAST();
        if (!(ast instanceof Operator) || ast instanceof OpAnd || ast instanceof OpOr || ast.getChildCount() != 2) {
            return "";
        }
        try {
            return "left: " + operand(ast.getChild(0), root) + ", right: " + operand(ast.getChild(1), root);
        } catch (EvaluationFailure | RuntimeException e) {
            return "";
        }
    }

    private String operand(SpelNode node, ExpressionSandbox.EvalRoot root) throws EvaluationFailure {
        SpelExpression expression = (SpelExpression) parser.parseExpression(node.toStringAST());
        Set<String> names = new LinkedHashSet<>();
        walk(expression.getAST(), true, names, new ArrayList<>());
        if (readsSecret(names)) {
            return Secrets.MASK;
        }
        return ModelTree.brief(run(expression, root), 200);
    }

    /** Evaluates text WITHOUT the compile-time checks: only for tests proving the runtime sandbox holds alone. */
    Object evaluateUnchecked(String text, Bindings bindings) throws EvaluationFailure {
        return run((SpelExpression) parser.parseExpression(text), new ExpressionSandbox.EvalRoot(bindings));
    }

    private Object run(SpelExpression expression, ExpressionSandbox.EvalRoot root) throws EvaluationFailure {
        SimpleEvaluationContext context = ExpressionSandbox.context(root);
        try {
            return ModelTree.toPlain(expression.getValue(context));
        } catch (StackOverflowError e) {
            throw new EvaluationFailure("cannot evaluate '" + expression.getExpressionString()
                    + "': too deeply nested", false, null);
        } catch (RuntimeException e) {
            ExpressionSandbox.ClusterReadException cluster = findCause(e, ExpressionSandbox.ClusterReadException.class);
            if (cluster != null) {
                Throwable cause = cluster.getCause();
                throw new EvaluationFailure("cannot read the cluster: " + clean(
                        cause != null && cause.getMessage() != null ? cause.getMessage() : String.valueOf(cause)),
                        true, cause);
            }
            String msg = e instanceof ExpressionException ee
                    ? ee.getSimpleMessage() : e.toString();
            throw new EvaluationFailure("cannot evaluate '" + expression.getExpressionString() + "': " + clean(msg),
                    false, e);
        }
    }

    // ---- compile-time checks -------------------------------------------------------------------------------

    /** SpEL nodes a runbook expression may not hold (checked in this order), and what the problem line says. */
    private record Forbidden(List<Class<? extends SpelNode>> kinds, String what) {
    }

    private static final List<Forbidden> FORBIDDEN = List.of(
            new Forbidden(List.of(TypeReference.class, QualifiedIdentifier.class), "type references T(...) are"),
            new Forbidden(List.of(ConstructorReference.class), "'new' is"),
            new Forbidden(List.of(BeanReference.class), "bean references (@name) are"),
            new Forbidden(List.of(Assign.class, OpInc.class, OpDec.class), "assignment (=, ++, --) is"),
            new Forbidden(List.of(FunctionReference.class), "function calls (#name(...)) are"));

    private static void walk(SpelNode node, boolean rootScope, Set<String> names, List<String> problems) {
        for (Forbidden f : FORBIDDEN) {
            if (f.kinds().stream().anyMatch(kind -> kind.isInstance(node))) {
                problems.add(f.what() + " not allowed in runbook expressions");
                return;
            }
        }
        if (node instanceof VariableReference) {
            String name = node.toStringAST().substring(1);
            if (!name.equals("this") && !name.equals("root")) {
                names.add(name);
            }
            return;
        }
        if (node instanceof PropertyOrFieldReference ref) {
            if (ref.getName().equals("class")) {
                problems.add("'class' is not readable in runbook expressions");
            } else if (rootScope) {
                names.add(ref.getName());
            }
            return;
        }
        if (node instanceof MethodReference method) {
            if (rootScope) {
                problems.add("unknown function '" + method.getName() + "()': call methods on a value, e.g. "
                        + "cluster.leaderless(topic) or result.partitions.size()");
                return;
            }
            checkMethod(method, rootScope, names, problems);
            return;
        }
        if (node instanceof Selection || node instanceof Projection) {
            walkChildren(node, false, names, problems);
            return;
        }
        if (node instanceof CompoundExpression) {
            walk(node.getChild(0), rootScope, names, problems);
            for (int i = 1; i < node.getChildCount(); i++) {
                SpelNode part = node.getChild(i);
                if (part instanceof PropertyOrFieldReference ref) {
                    if (ref.getName().equals("class")) {
                        problems.add("'class' is not readable in runbook expressions");
                    }
                    continue; // a property of the value before it
                }
                if (part instanceof MethodReference method) {
                    checkMethod(method, rootScope, names, problems);
                } else {
                    walk(part, rootScope, names, problems);
                }
            }
            return;
        }
        if (node instanceof Indexer) {
            // map['key'] and map[key] both use the literal key; other indexes are evaluated in the current scope
            if (node.getChildCount() == 1 && node.getChild(0) instanceof PropertyOrFieldReference) {
                return;
            }
            walkChildren(node, rootScope, names, problems);
            return;
        }
        if (node instanceof InlineMap) {
            for (int i = 0; i < node.getChildCount(); i++) {
                if (i % 2 == 0 && node.getChild(i) instanceof PropertyOrFieldReference) {
                    continue; // {key: value}: a bare key is literal
                }
                walk(node.getChild(i), rootScope, names, problems);
            }
            return;
        }
        walkChildren(node, rootScope, names, problems);
    }

    private static void checkMethod(MethodReference method, boolean rootScope, Set<String> names,
            List<String> problems) {
        if (!ALL_ALLOWED_NAMES.contains(method.getName())) {
            problems.add("method '" + method.getName() + "' is not allowed in runbook expressions (allowed: "
                    + String.join(", ", ALL_ALLOWED_NAMES) + ")");
            return;
        }
        walkChildren(method, rootScope, names, problems); // arguments are evaluated in the enclosing scope
    }

    private static void walkChildren(SpelNode node, boolean rootScope, Set<String> names, List<String> problems) {
        for (int i = 0; i < node.getChildCount(); i++) {
            walk(node.getChild(i), rootScope, names, problems);
        }
    }

    private static <T extends Throwable> T findCause(Throwable t, Class<T> type) {
        for (Throwable c = t; c != null; c = c.getCause() == c ? null : c.getCause()) {
            if (type.isInstance(c)) {
                return type.cast(c);
            }
        }
        return null;
    }

    private static String clean(String message) {
        if (message == null) {
            return "unknown error";
        }
        return message.replaceFirst("^EL\\d+E:\\s*", "").replaceFirst("^\\(pos \\d+\\):\\s*", "");
    }
}
