package fixtures.checks;

import java.io.Serializable;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;

/** Argument checks, comparisons and the near misses of the oracle's patterns. */
public class Checks {
    class Holder { Object value; }

    class Counter {
        int n;

        @Override public String toString() { return "Counter " + n; }
    }

    // modifiers: no match for a pattern that writes none
    static class Quiet {}

    final class Sealed2 {}

    class Box<T> { T item; }

    class Pair {
        Object left, right;

        Pair(Object left, Object right) {
            this.left = Objects.requireNonNull(left);
            this.right = right;
        }

        boolean blank() {
            return left.toString().equals("") && right.equals("");
        }
    }

    enum Level { LOW, HIGH }

    enum Planet {
        MERCURY(3.303e+23, 2.4397e6),
        EARTH(5.976e+24, 6.37814e6);

        final double mass, radius;

        Planet(double mass, double radius) {
            this.mass = mass;
            this.radius = radius;
        }
    }

    public enum Visible { YES, NO }

    record Point(int x, int y) {
        Point {
            assert x >= 0 && y >= 0;
        }
    }

    record Span(int from, int to) {}

    public record Exported(String name) {}

    @Override
    public String toString() {
        return "Checks";
    }

    @Override
    public final String toString(int n) {
        return "Checks " + n;
    }

    static String name(Object o) {
        Objects.requireNonNull(o);
        Objects.requireNonNull(o, () -> "o");
        String s = Objects.requireNonNull(o.toString(), "o's string");
        if (s.equals("")) return null;
        if (s.isEmpty() || "".equals(s)) {
            return null;
        }
        if (o.equals(o) || s.equals(s) || s.trim().equals(s.trim())) {
            return "self";
        }
        if (s.<String>equals(null)) {
            return null;
        }
        return s.getClass().getName() + o.getClass();
    }

    static boolean empty(List<?> a, java.util.List<String> b, List<List<String>> c) {
        if (a.size() == 0 || b.size() == 0) {
            return true;
        }
        return c.size() == 0 || c.isEmpty() || c.get(0).size() != 0;
    }

    static int kinds(Object o) {
        if (o instanceof Number) return 1;
        if (o instanceof final CharSequence cs) return cs.length();
        if (!(o instanceof Runnable)) {
            assert o != null : "null";
            assert !(o instanceof Thread);
        }
        return 0;
    }

    static Comparator<String> byLength() {
        return (Comparator<String> & Serializable) (a, b) -> Integer.compare(a.length(), b.length());
    }

    static void lambdas() {
        Function<String, Integer> f = (s) -> s.length();
        Function<String, String> g = (t) -> { return t.trim(); };
        Function<String, String> h = (final String u) -> u;
        BiFunction<Integer, Integer, Integer> add = (x, y) -> x + y;
        Supplier<Holder> make = () -> null;
        Function<Integer, int[]> arrays = int[]::new;
        Function<String, Box<String>> boxes = s -> new Box<>();
    }

    static int loops(int[] xs) {
        int i = 0, n = 0;
        do {
            i++;
        } while (i < xs.length);
        do n += 2; while (n < 10);
        do {
            n--;
            if (n == 3) continue;
        } while (n > 0);
        for (final int x : xs) {
            n += x;
        }
        return n;
    }

    static void closing(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        try {
            c.close();
        } catch (final Exception e) {
            return;
        }
        try {
            c.close();
        } catch (RuntimeException e) {
            return;
        } catch (Exception e) {
            return;
        } finally {
            System.out.println("closed");
        }
        try (AutoCloseable d = c) {
            d.close();
        } catch (Exception e) {
            return;
        }
    }
}
