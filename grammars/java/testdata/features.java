// A file of our own that uses what Java 21 and the releases since have
// made final, for the golden tree.
package org.example.shapes;

import java.util.*;
import java.util.function.Function;
import static java.lang.Math.max;

@SuppressWarnings({"unchecked", "rawtypes"})
public sealed interface Shape permits Circle, Square, Shape.Poly {
    double area();

    default String describe() {
        return "%s of area %.2f".formatted(getClass().getSimpleName(), area());
    }

    static Shape unit() { return new Circle(1); }

    private void helper() {}

    non-sealed interface Poly extends Shape {}
}

record Circle(double r) implements Shape {
    Circle {
        if (r < 0) throw new IllegalArgumentException("r < 0: " + r);
    }

    public double area() { return Math.PI * r * r; }
}

final class Square implements Shape {
    private final double side;
    private int[] counts = {1, 2, 3}, more[];

    Square(double side) {
        this.side = side;
    }

    @Override
    public double area() { return side * side; }

    <T extends Comparable<? super T>> T biggest(List<? extends T> xs, T... rest) throws Exception {
        T best = null;
        for (T x : xs) {
            if (best == null || x.compareTo(best) > 0) best = x;
        }
        return best;
    }
}

enum Color implements Function<String, Color> {
    RED("r") {
        @Override public Color apply(String s) { return this; }
    },
    GREEN("g");

    private final String code;

    Color(String code) { this.code = code; }

    public Color apply(String s) { return valueOf(s); }
}

@interface Marker {
    String value() default "";
    int[] sizes() default {1, 2};
}

class Uses {
    static int area(Object o) {
        return switch (o) {
            case Circle c when c.r() > 10 -> 1;
            case Circle(var r) -> (int) r;
            case Square s -> {
                yield 2;
            }
            case null, default -> 0;
        };
    }

    void statements(List<String> names, Map<String, List<Integer>> index) throws java.io.IOException {
        var text = """
            Hello, "world"!
            \"""
            """;
        int x = 0x1F + 017 + 0b101 + 1_000 + 'a' + '\u0041';
        long big = 10L >> 2 >>> 1;
        x >>= 1;
        x >>>= 2;
        boolean b = x >= 3 && !(x < 2) || x instanceof Integer i && i > 0;
        Runnable r = () -> System.out.println("run");
        Function<Integer, Integer> inc = n -> n + 1;
        java.util.function.BiFunction<Integer, Integer, Integer> add = (a, c) -> a + c;
        Comparator<String> cmp = (String a, String c) -> a.compareTo(c);
        Function<Integer, int[]> mk = int[]::new;
        names.forEach(System.out::println);
        List<String>[] arr = new List[3];
        int[][] grid = new int[3][];
        String s = (String) index.get("k").toString();
        Object o = (Comparable<String> & java.io.Serializable) "x";
        label:
        for (int i = 0, j = 10; i < j; i++, j--) {
            if (i == 2) continue label;
            else if (i == 3) break;
            else {
                do { i++; } while (i < 1);
            }
        }
        try (var in = new java.io.StringReader("x"); java.io.Reader other = in) {
            in.read();
        } catch (IllegalStateException | IllegalArgumentException e) {
            throw e;
        } finally {
            synchronized (this) { assert x > 0 : "positive"; }
        }
        switch (x) {
            case 1:
            case 2:
                x++;
                break;
            default:
                x--;
        }
        if (o instanceof Circle(double radius) && radius > 1) {
            Object anon = new Object() { public String toString() { return "anon"; } };
        }
        for (String _ : names) {}
        var outer = this.new Inner();
        Class<?> k = int.class;
        k = Map.Entry[].class;
        Collections.<String>emptyList();
        String yield = "y";
        int record = 1, var = 2, when = 3, permits = 4, sealed = 5, module = 6;
    }

    class Inner {}
}
