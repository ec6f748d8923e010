#!/usr/bin/env dart
// The forms of Dart 3 the grammar reads, one or more of each.
@Library.tag('forms')
library forms.example;

import 'dart:async' show Future, Stream hide Timer;
import 'package:meta/meta.dart' deferred as meta;
import 'package:meta/meta.dart' as m2 show required;
import 'io_stub.dart' if (dart.library.io) 'io.dart' if (dart.library.html) "web.dart";
export 'src/a.dart' show A, B;
part 'forms_part.dart';

typedef Callback<T> = void Function(T value, {required int index});
typedef int Compare(Object a, Object b);
typedef Future<int> Loader();
typedef Pair<A, B> = (A first, B second);

const int answer = 42, other = 0x2A;
final greeting = 'hello';
late final String later;
var count = 1_000_000;
double ratio = .5e-3;
external int get nativeCount;
set total(int v) => _total = v;
int _total = 0;

abstract class Shape {
  const Shape();
  double get area;
  bool operator ==(Object other) => other is Shape && other.area == area;
  int get hashCode => area.hashCode;
  Shape operator -() => this;
  int operator [](int i) => i;
  void operator []=(int i, int v) {}
  bool operator >=(Shape o) => area >= o.area;
  int operator >>>(int n) => n >>> 1;
}

sealed class Result<T> {}
final class Ok<T> extends Result<T> {
  Ok(this.value);
  final T value;
}
base class Err<T> extends Result<T> with Describe implements Comparable<Err<T>> {
  Err(this.message, [this.code = 0]) : assert(code >= 0), super();
  Err.named({required String message}) : this(message);
  factory Err.make(String m) = Err;
  factory Err.parse(String s) {
    return Err(s);
  }
  const factory Err.constant(String m) = Err<T>.named;
  final String message;
  final int code;
  static Err<Object>? last;
  @override
  int compareTo(Err<T> other) => code - other.code;
}
interface class Api {}
abstract interface class Store {}
mixin Describe on Object {
  String describe() => '$runtimeType';
}
base mixin Logged implements Api {}
mixin class Both {}
class Mixed = Object with Describe, Both;

extension Tally on List<int> {
  int get total => fold(0, (a, b) => a + b);
}
extension on String {
  bool get blank => trim().isEmpty;
}
extension type const Meters(double value) implements Object {
  Meters operator +(Meters o) => Meters(value + o.value);
}
extension type Id._(int raw) {}

enum Color { red, green, blue }
enum Planet<T> with Describe implements Comparable<Planet> {
  mercury(3.7, mass: 0.33),
  earth.massive(9.8);

  const Planet(this.gravity, {this.mass = 1});
  const Planet.massive(this.gravity) : mass = 5.97;
  final double gravity;
  final double mass;
  @override
  int compareTo(Planet other) => gravity.compareTo(other.gravity);
}

class Widget {
  Widget({super.key, required this.child, this.onTap});
  final Widget? child;
  final void Function()? onTap;
  Key? key;
}

class Key {}

Future<void> main(List<String> args) async {
  final r = (1, name: 'x');
  var (a, b) = (1, 2);
  final [first, ...rest] = [1, 2, 3];
  final {'k': v} = {'k': 1};
  final Point(:x, y: py) = Point(1, 2);
  (a, b) = (b, a);
  print('$a $b ${r.$1} ${r.name} $first $rest $v $x $py');
  final list = <int>[1, if (a > 0) 2 else 3, for (final i in [4, 5]) i, ...rest, ...?null];
  final set = {1, 2, 3};
  final map = <String, List<int>>{'a': [], if (b case > 1) 'b': [b]};
  final label = switch (a) {
    0 => 'zero',
    1 || 2 => 'small',
    int n when n < 0 => 'negative',
    > 100 => 'big',
    _ => 'other',
  };
  if (r case (int n, name: String s) when n > 0) {
    print(s);
  } else if (a is! int) {
    return;
  } else
    print('else');
  switch (label) {
    case 'zero':
    case 'small':
      break;
    case String s when s.isEmpty:
      print(s);
    default:
      print('default');
  }
  outer:
  for (var i = 0, j = 10; i < j; i++, j--) {
    for (final (k, w) in [(1, 2)]) {
      if (k == w) continue outer;
      if (k > w) break outer;
    }
  }
  await for (final chunk in Stream.value([1])) {
    print(chunk);
  }
  var n = 0;
  while (n < 3) n++;
  do {
    n--;
  } while (n > 0);
  try {
    throw StateError('x');
  } on StateError catch (e, s) {
    print('$e $s');
  } on Exception {
    rethrow;
  } catch (e) {
    print(e);
  } finally {
    print('done');
  }
  assert(n == 0, 'n is $n');
  final buf = StringBuffer()
    ..write('a')
    ..writeAll([1, 2], ',')
    ..length;
  buf?..clear();
  final nul = args.isEmpty ? null : args.first;
  print(nul?.length ?? -1);
  print(nul!.length);
  print(args?[0]);
  var z = nul ??= 'x';
  z += '!';
  n <<= 2;
  n >>= 1;
  n >>>= 1;
  n ~/= 2;
  print(~n ^ n & n | n << 1 >> 2 >>> 3);
  print(#sym);
  print(#a.b.c);
  print(const [1, 2]);
  print(const Point(1, 2) == const Point(1, 2));
  print(new List<int>.filled(3, 0));
  print(List<int>.empty());
  var f = <T>(T t) => t;
  int g(int x) => x * 2;
  h() {
    return 1;
  }
  print(f<int>(g(h())));
  print(Point.new);
  print(r'raw $not ${interpolated}');
  print('''triple
  with $a and ${a + b}''');
  print("""also "quoted" """);
  print('adjacent' "strings" '''three''');
  print('nested ${'inner ${a + 1}'} done');
  print('$this and ${this}');
  late int lateLocal;
  lateLocal = 1;
  const local = 2;
  final int Function(int) twice = (x) => x * 2;
  print(twice(lateLocal + local));
  (int, String) rec = (1, 'a');
  print(rec);
  Stream<int> gen() async* {
    yield 1;
    yield* Stream.value(2);
  }
  Iterable<int> sync() sync* {
    yield 1;
  }
  print([gen(), sync()]);
  final theme = ThemeData(brightness: .light, padding: const .symmetric(horizontal: 8));
  print(theme);
}

class Point {
  const Point(this.x, this.y);
  final int x, y;
}

class ThemeData {
  ThemeData({Object? brightness, Object? padding});
}

Object? get maybe => null;
