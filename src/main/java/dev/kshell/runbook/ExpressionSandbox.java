package dev.kshell.runbook;

import org.springframework.core.convert.TypeDescriptor;
import org.springframework.expression.AccessException;
import org.springframework.expression.EvaluationContext;
import org.springframework.expression.MethodExecutor;
import org.springframework.expression.MethodResolver;
import org.springframework.expression.PropertyAccessor;
import org.springframework.expression.TypedValue;
import org.springframework.expression.spel.support.DataBindingPropertyAccessor;
import org.springframework.expression.spel.support.ReflectiveMethodResolver;
import org.springframework.expression.spel.support.SimpleEvaluationContext;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The runtime lock of runbook expressions ({@link ExpressionEvaluator}'s second lock): the root object, read-only
 * property access, and a method resolver that allows only {@link #ALLOWED_METHODS} on the model's own types.
 */
final class ExpressionSandbox {

    /** Method names an expression may call, by the type they may be called on. */
    static final Map<Class<?>, Set<String>> ALLOWED_METHODS = allowedMethods();

    private ExpressionSandbox() {
    }

    /** A {@link SimpleEvaluationContext} over {@code root}: no types, constructors or beans; nothing is written. */
    static SimpleEvaluationContext context(EvalRoot root) {
        SimpleEvaluationContext context = SimpleEvaluationContext
                .forPropertyAccessors(new RootAccessor(), new ReadOnlyMapAccessor(),
                        DataBindingPropertyAccessor.forReadOnlyAccess())
                .withMethodResolvers(new AllowListMethodResolver())
                .withAssignmentDisabled()
                .withRootObject(root)
                .build();
        root.params.forEach(context::setVariable);
        return context;
    }

    private static Map<Class<?>, Set<String>> allowedMethods() {
        Map<Class<?>, Set<String>> allowed = new LinkedHashMap<>();
        allowed.put(ClusterView.class, Arrays.stream(ClusterView.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .map(Method::getName).collect(Collectors.toUnmodifiableSet()));
        allowed.put(Collection.class, Set.of("size", "isEmpty", "contains"));
        allowed.put(Map.class, Set.of("size", "isEmpty", "containsKey"));
        allowed.put(String.class, Set.of("length", "isEmpty", "startsWith", "endsWith", "contains", "toUpperCase",
                "toLowerCase", "trim"));
        return Map.copyOf(allowed);
    }

    /** The root object: result, cluster (lazy, once per evaluation) and the params. */
    static final class EvalRoot {
        final Object result;
        final Map<String, Object> params = new LinkedHashMap<>();
        private final Supplier<ClusterView> clusterSupplier;
        private ClusterView cluster;

        EvalRoot(ExpressionEvaluator.Bindings bindings) {
            this.result = ModelTree.toPlain(bindings.result());
            bindings.params().forEach((k, v) -> params.put(k, ExpressionEvaluator.typed(v)));
            this.clusterSupplier = bindings.cluster();
        }

        ClusterView cluster() {
            if (cluster == null) {
                if (clusterSupplier == null) {
                    throw new ClusterReadException(new IllegalStateException("no cluster connection"));
                }
                try {
                    cluster = clusterSupplier.get();
                } catch (RuntimeException e) {
                    throw new ClusterReadException(e);
                }
                if (cluster == null) {
                    throw new ClusterReadException(new IllegalStateException("no cluster snapshot"));
                }
            }
            return cluster;
        }
    }

    /** Marks a failure to read the cluster, as opposed to a mistake in the expression. */
    static final class ClusterReadException extends RuntimeException {
        ClusterReadException(Throwable cause) {
            super(cause);
        }
    }

    /** Reads only: an expression never assigns. Serves the targets of one class. */
    private abstract static class ReadOnlyAccessor implements PropertyAccessor {
        private final Class<?> targetClass;

        ReadOnlyAccessor(Class<?> targetClass) {
            this.targetClass = targetClass;
        }

        @Override
        public Class<?>[] getSpecificTargetClasses() {
            return new Class<?>[] {targetClass};
        }

        @Override
        public boolean canWrite(EvaluationContext context, Object target, String name) {
            return false;
        }

        @Override
        public void write(EvaluationContext context, Object target, String name, Object newValue)
                throws AccessException {
            throw new AccessException("runbook expressions are read-only");
        }
    }

    /** result, cluster and the params by their plain names. */
    private static final class RootAccessor extends ReadOnlyAccessor {
        RootAccessor() {
            super(EvalRoot.class);
        }

        @Override
        public boolean canRead(EvaluationContext context, Object target, String name) {
            EvalRoot root = (EvalRoot) target;
            return name.equals("result") || name.equals("cluster") || root.params.containsKey(name);
        }

        @Override
        public TypedValue read(EvaluationContext context, Object target, String name) throws AccessException {
            EvalRoot root = (EvalRoot) target;
            return switch (name) {
                case "result" -> new TypedValue(root.result);
                case "cluster" -> new TypedValue(root.cluster());
                default -> new TypedValue(root.params.get(name));
            };
        }

    }

    /** Reads Map entries as properties ({@code result.partitions}); a missing key is an error, not null. */
    private static final class ReadOnlyMapAccessor extends ReadOnlyAccessor {
        ReadOnlyMapAccessor() {
            super(Map.class);
        }

        @Override
        public boolean canRead(EvaluationContext context, Object target, String name) {
            return target instanceof Map<?, ?> map && map.containsKey(name);
        }

        @Override
        public TypedValue read(EvaluationContext context, Object target, String name) throws AccessException {
            return new TypedValue(((Map<?, ?>) target).get(name));
        }

    }

    /** Resolves only allow-listed methods on the model's own types; everything else is "method not found". */
    private static final class AllowListMethodResolver implements MethodResolver {
        private final ReflectiveMethodResolver delegate = new ReflectiveMethodResolver();

        @Override
        public MethodExecutor resolve(EvaluationContext context, Object target, String name,
                List<TypeDescriptor> argumentTypes) throws AccessException {
            if (target == null || target instanceof Class<?>) {
                return null;
            }
            for (Map.Entry<Class<?>, Set<String>> allowed : ALLOWED_METHODS.entrySet()) {
                if (allowed.getKey().isInstance(target) && allowed.getValue().contains(name)) {
                    MethodExecutor executor = delegate.resolve(context, target, name, argumentTypes);
                    if (executor == null) {
                        return null;
                    }
                    return target instanceof ClusterView ? new ClusterCall(executor) : executor;
                }
            }
            return null;
        }
    }

    /** A ClusterView call: failures are cluster failures, results become plain trees. */
    private record ClusterCall(MethodExecutor delegate) implements MethodExecutor {
        @Override
        public TypedValue execute(EvaluationContext context, Object target, Object... arguments)
                throws AccessException {
            try {
                return new TypedValue(ModelTree.toPlain(delegate.execute(context, target, arguments).getValue()));
            } catch (AccessException e) {
                throw new ClusterReadException(e.getCause() != null ? e.getCause() : e);
            } catch (RuntimeException e) {
                throw new ClusterReadException(e);
            }
        }
    }
}
