library sample;

import 'dart:async';
import 'dart:math' as math show max, min;
export 'src/other.dart' hide Hidden;
part 'part.dart';

/// A sample of Dart's common constructs, for the tree-sitter map's oracle.
typedef IntMapper = int Function(int);
typedef void Callback(String s);

const int limit = 10;
final String greeting = 'hello';
var counter = 0;
late int later;

enum Color { red, green, blue }

enum Planet {
  earth(1.0),
  mars(0.5);

  const Planet(this.gravity);
  final double gravity;
}

mixin Walker {
  void walk() {}
}

extension on String {
  int get twice => length * 2;
}

extension Shout on String {
  String shout() => toUpperCase();
}

abstract class Shape {
  double get area;
  String describe() => 'shape';
}

class Point<T extends num> extends Shape with Walker implements Comparable<Point<T>> {
  final T x, y;
  static int count = 0;

  Point(this.x, this.y);
  Point.origin(T zero)
      : x = zero,
        y = zero;
  factory Point.copy(Point<T> p) => Point(p.x, p.y);
  const Point.fixed(this.x, this.y);

  @override
  double get area => 0;

  set value(int v) {
    count = v;
  }

  Point<T> operator +(Point<T> other) => Point(x, y);

  @override
  int compareTo(Point<T> other) => 0;
}

int add(int a, [int b = 0]) => a + b;

void named({required int a, int b = 2}) {}

Future<int> fetch() async {
  await Future.delayed(Duration(seconds: 1));
  return 1;
}

Stream<int> numbers() async* {
  yield 1;
  yield* Stream.value(2);
}

Iterable<int> sync() sync* {
  yield 1;
}

void main(List<String> args) {
  var a = 1 + 2 * 3 - -4;
  final b = !true && false || a >= 2;
  int? maybe;
  maybe ??= 3;
  a += 1;
  a <<= 2;
  a++;
  --a;
  var t = b ? a : -a;
  var s = 'text $a and ${a + 1}';
  var raw = r'raw\n';
  var multi = """
multi""";
  var list = <int>[1, 2, ...[3], if (b) 4, for (var i in [5]) i];
  var set = {1, 2};
  var map = {'a': 1, 'b': 2};
  var p = Point<int>(1, 2);
  var q = p..x;
  var len = args?.length;
  var forced = maybe!;
  var isInt = a is int;
  var notInt = a is! int;
  var casted = a as num;
  var fn = (int x) => x * x;
  var block = (x) {
    return x;
  };
  var sym = #symbol;
  var idx = list[0];
  list[0] = 5;
  print(fn(2));
  p.walk();
  math.max(1, 2);
  if (a > 0) {
    a = 1;
  } else if (a < 0) {
    a = 2;
  } else {
    a = 3;
  }
  for (var i = 0; i < limit; i++) {
    if (i == 5) continue;
    if (i == 7) break;
  }
  for (final x in list) {
    print(x);
  }
  while (a > 0) {
    a--;
  }
  do {
    a++;
  } while (a < 3);
  switch (a) {
    case 1:
    case 2:
      a = 3;
      break;
    default:
      a = 4;
  }
  var label = switch (a) {
    1 => 'one',
    _ => 'other',
  };
  try {
    throw Exception('x');
  } on FormatException catch (e) {
    print(e);
  } catch (e, st) {
    rethrow;
  } finally {
    a = 0;
  }
  assert(a >= 0, 'non-negative');
  outer:
  for (;;) {
    break outer;
  }
  var record = (1, name: 'n');
  var (r1, r2) = (1, 2);
  if (record case (int x, name: String n)) {
    print(n);
  }
  void local() {}
  local();
  print([q, len, forced, isInt, notInt, casted, block, sym, idx, set, map, s, raw, multi, label, t, r1, r2]);
}
