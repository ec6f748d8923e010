package fixtures.shapes;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/** Shapes as records and sealed interfaces, and their areas. */
public class Shapes {
    sealed interface Shape permits Circle, Square, Rect {}

    record Circle(double r) implements Shape {}

    record Square(double side) implements Shape {}

    record Rect(double w, double h) implements Shape {
        Rect {
            assert w >= 0;
            assert h >= 0 : "negative height";
        }
    }

    record Named(String name, Shape shape) {
        Named {
            java.util.Objects.requireNonNull(name);
        }
    }

    record Pair<A, B>(A first, B second) {}

    enum Unit { MM, CM, M }

    enum Color {
        RED, GREEN, BLUE;

        Color next() {
            return values()[(ordinal() + 1) % values().length];
        }
    }

    static double area(Shape s) {
        if (s instanceof Circle c) {
            return Math.PI * c.r() * c.r();
        } else if (s instanceof Square q) {
            return q.side() * q.side();
        } else if (s instanceof Rect r) {
            return r.w() * r.h();
        }
        throw new IllegalArgumentException("unknown shape " + s);
    }

    static String unitName(Unit u) {
        return switch (u) {
            case MM -> "millimetre";
            case CM -> "centimetre";
            case M -> {
                String name = "metre";
                yield name;
            }
        };
    }

    static int scale(Unit u) {
        int f;
        switch (u) {
            case MM:
                f = 1;
                break;
            case CM:
                f = 10;
                break;
            default:
                f = 1000;
        }
        return f;
    }

    static int rank(Color c) {
        return switch (c) {
            case RED -> 1;
            case GREEN -> 2;
            default -> {
                var n = c.ordinal();
                yield n + 1;
            }
        };
    }

    static String kind(int sides) {
        String k = switch (sides) {
            case 3:
                yield "triangle";
            case 4:
                yield "square";
            default:
                yield "polygon";
        };
        return k;
    }

    static Map<String, Double> areas(List<Named> shapes) {
        var total = 0.0;
        for (var n : shapes) {
            total += area(n.shape());
        }
        var byName = shapes.stream().collect(Collectors.toMap(Named::name, n -> area(n.shape())));
        System.out.println("total " + total);
        return byName;
    }

    static List<String> labels(List<Named> shapes) {
        Function<Named, String> label = (n) -> n.name().toUpperCase();
        return shapes.stream().map(label).map(String::trim).filter(s -> !s.isEmpty()).collect(Collectors.toList());
    }

    static String text() {
        String block = """
            circle
            square
            """;
        return block.strip();
    }
}
