// A compact source file of our own (Java 25): a module import, fields and
// methods outside any class, unnamed variables, a constructor's statements
// before super().
import module java.base;

String greeting = "hi";

void main() {
    var list = List.of(1, 2);
    for (var _ : list) {}
    try { run(); } catch (Exception _) {}
    list.forEach(_ -> IO.println(greeting));
}

void run() {}

class Point {
    final int x;
    Point(int x) {
        if (x < 0) throw new IllegalArgumentException();
        this.x = x;
        super();
    }
}
