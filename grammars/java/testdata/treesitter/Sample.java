package org.example.sample;

import java.util.*;
import java.util.function.Function;
import static java.lang.Math.max;

/** A sample of Java's common constructs, for the tree-sitter map's oracle. */
@SuppressWarnings(value = {"unchecked", "rawtypes"})
public final class Sample<T extends Comparable<T>> extends Base implements Runnable, AutoCloseable {
    private static final int LIMIT = 10, OTHER = 20;
    protected List<? super T> items = new ArrayList<>();
    int[] numbers = {1, 2, 3};
    String[][] grid = new String[2][3];

    static {
        System.out.println("static init");
    }

    {
        items = null;
    }

    public Sample(T first) throws IllegalStateException {
        super();
        this.items = new ArrayList<T>();
    }

    Sample() {
        this(null);
    }

    @Override
    public void run() {
        int a = 1 + 2 * 3 - -4;
        boolean b = !true && false || a >= 2;
        long l = 10L;
        double d = 1.5e3;
        float f = 2.0f;
        char c = 'x';
        String s = "text" + null;
        String block = """
            text block
            """;
        int hex = 0xFF, oct = 017, bin = 0b101;
        a += 1;
        a <<= 2;
        a++;
        --a;
        int t = b ? a : -a;
        Object o = (Object) s;
        if (o instanceof String str && !str.isEmpty()) {
            System.out.println(str.length());
        } else if (o == null) {
            return;
        } else {
            a = 0;
        }
        for (int i = 0; i < LIMIT; i++) {
            if (i == 5) continue;
            if (i == 7) break;
        }
        for (String x : List.of("a", "b")) {
            System.out.println(x);
        }
        while (a > 0) {
            a--;
        }
        do {
            a++;
        } while (a < 3);
        outer:
        for (;;) {
            break outer;
        }
        switch (a) {
            case 1:
            case 2:
                a = 3;
                break;
            default:
                a = 4;
        }
        int k = switch (a) {
            case 1, 2 -> 10;
            case 3 -> {
                yield 30;
            }
            default -> 0;
        };
        try (var in = new java.io.StringReader(s)) {
            in.read();
        } catch (java.io.IOException | RuntimeException e) {
            throw new IllegalStateException(e);
        } finally {
            a = 0;
        }
        synchronized (this) {
            a = numbers[0];
        }
        assert a > 0 : "positive";
        Function<Integer, Integer> sq = x -> x * x;
        Function<Integer, Integer> add = (Integer x) -> {
            return x + 1;
        };
        Runnable r = this::run;
        Function<String, Integer> len = String::length;
        int[] arr = new int[] {1, 2};
        Class<?> cls = String.class;
        Object anon = new Object() {
            @Override
            public String toString() {
                return "anon";
            }
        };
        var list = new ArrayList<String>();
        list.add("x");
        Sample.<String>helper("y");
        this.items.clear();
        Object obj = k;
        String desc = switch (obj) {
            case Integer n when n > 0 -> "positive";
            case String str2 -> str2;
            default -> "other";
        };
        try {
            a = Integer.parseInt(desc);
        } catch (NumberFormatException e) {
            a = -1;
        }
        java.util.function.BinaryOperator<Integer> plus = (x, y) -> x + y;
        int legacy[] = {1};
        @Deprecated String note = "n";
        if (o instanceof Point(int px, int py)) {
            a = px + py;
        }
        ;
    }

    static <U> U helper(U u) {
        return u;
    }

    @Override
    public void close() {}

    public abstract static class Base {
        abstract void go(int... rest);

        static void main(String args[]) {}
    }

    interface Shape<S> extends Comparable<S> {
        int SIDES = 0;

        double area();

        default String name() {
            return "shape";
        }
    }

    enum Color implements Shape<Color> {
        RED(1) {
            @Override
            public double area() {
                return 0;
            }
        },
        GREEN(2);

        private final int code;

        Color(int code) {
            this.code = code;
        }

        public double area() {
            return code;
        }
    }

    record Point<P>(int x, int y) implements Runnable {
        public void run() {}

        Point {
            if (x < 0) throw new IllegalArgumentException();
        }
    }

    @interface Marker {
        String value() default "";
        int count() default 0;
    }

    sealed interface Node permits Leaf {}

    final class Leaf implements Node {}

    sealed class Tree permits Twig {}

    final class Twig extends Tree {}
}

class Base {}
