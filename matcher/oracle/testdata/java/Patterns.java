package fixtures.patterns;

import java.util.List;

/** Java 21: switches over sealed types with type and record patterns, guards. */
public class Patterns {
    sealed interface Expr permits Num, Add, Mul, Neg {}

    record Num(int value) implements Expr {}

    record Add(Expr left, Expr right) implements Expr {}

    record Mul(Expr left, Expr right) implements Expr {}

    record Neg(Expr operand) implements Expr {}

    static int eval(Expr e) {
        return switch (e) {
            case Num n -> n.value();
            case Add(Expr l, Expr r) -> eval(l) + eval(r);
            case Mul(Num(var a), Num(var b)) -> a * b;
            case Mul m when eval(m.left()) == 0 -> 0;
            case Mul m -> eval(m.left()) * eval(m.right());
            case Neg(var x) -> -eval(x);
        };
    }

    static String show(Object o) {
        return switch (o) {
            case null -> "null";
            case String s when s.isEmpty() -> "empty";
            case String s -> "string " + s;
            case Integer i when i > 0 -> "positive";
            case Integer i -> "integer " + i;
            case List<?> l -> "list of " + l.size();
            default -> o.toString();
        };
    }

    static boolean simple(Expr e) {
        if (e instanceof Num(int v) && v >= 0) {
            return true;
        }
        if (e instanceof Neg(Num n)) {
            return simple(n);
        }
        if (e instanceof Add(var l, var r)) {
            return simple(l) && simple(r);
        }
        return e instanceof Num;
    }

    static String kind(Expr e) {
        switch (e) {
            case Num n:
                return "number";
            case Add a:
                return "sum";
            default:
                return "other";
        }
    }

    static int depth(Expr e) {
        return switch (e) {
            case Num n -> 1;
            case Neg(Expr x) when x instanceof Num -> 2;
            case Neg(Expr x) -> 1 + depth(x);
            case Add(var l, var r) -> {
                int d = Math.max(depth(l), depth(r));
                yield d + 1;
            }
            case Mul(var l, var r) -> 1 + Math.max(depth(l), depth(r));
        };
    }
}
