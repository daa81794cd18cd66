package dev.kshell.util;

import java.util.List;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Either a value or the problems that prevented it, collected together; loaders return this instead of throwing.
 */
public sealed interface Validated<T> permits Validated.Ok, Validated.Failed {

    /** Success. */
    record Ok<T>(T value) implements Validated<T> {
    }

    /** Failure with at least one error, in the order found. */
    record Failed<T>(List<SettingsError> errors) implements Validated<T> {
        public Failed {
            if (errors.isEmpty()) {
                throw new IllegalArgumentException("a failure needs at least one error");
            }
            errors = List.copyOf(errors);
        }

        /** Every error on its own line, {@code source:line: message}. */
        public String message() {
            return errors.stream().map(SettingsError::format).collect(Collectors.joining("\n"));
        }

        /** The same errors, typed for another value. */
        @SuppressWarnings("unchecked")
        public <U> Failed<U> cast() {
            return (Failed<U>) this;
        }
    }

    static <T> Validated<T> ok(T value) {
        return new Ok<>(value);
    }

    static <T> Validated<T> failed(List<SettingsError> errors) {
        return new Failed<>(errors);
    }

    static <T> Validated<T> failed(SettingsError error) {
        return new Failed<>(List.of(error));
    }

    default boolean isOk() {
        return this instanceof Ok;
    }

    /** The errors, empty on success. */
    default List<SettingsError> errors() {
        return this instanceof Failed<T> f ? f.errors() : List.of();
    }

    /** The value; on failure an {@link IllegalStateException} carrying every error (for callers that checked). */
    default T orElseThrow() {
        if (this instanceof Ok<T> ok) {
            return ok.value();
        }
        throw new IllegalStateException(((Failed<T>) this).message());
    }

    default <U> Validated<U> map(Function<T, U> f) {
        return this instanceof Ok<T> ok ? new Ok<>(f.apply(ok.value())) : ((Failed<T>) this).cast();
    }

    default <U> Validated<U> flatMap(Function<T, Validated<U>> f) {
        return this instanceof Ok<T> ok ? f.apply(ok.value()) : ((Failed<T>) this).cast();
    }
}
