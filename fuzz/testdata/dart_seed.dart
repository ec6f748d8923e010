// A Flutter-style seed for the Dart fuzz targets: widgets, state,
// controllers, async code, patterns and the forms the grammar names.
library counter_app;

import 'dart:async';
import 'package:flutter/material.dart' hide Title;
import 'package:meta/meta.dart' as meta show immutable;

part 'counter_app.g.dart';

typedef Callback = void Function(int value);
typedef Json = Map<String, Object?>;

const int kMaxCount = 10;
final RegExp digits = RegExp(r'^\d+$');
late final String label;

void main() {
  runApp(const CounterApp(title: 'Counter'));
}

@meta.immutable
class CounterApp extends StatelessWidget {
  const CounterApp({super.key, required this.title});

  final String title;

  @override
  Widget build(BuildContext context) {
    return MaterialApp(
      title: title,
      theme: ThemeData(colorScheme: ColorScheme.fromSeed(seedColor: Colors.blue)),
      home: CounterPage(title: '$title page'),
    );
  }
}

class CounterPage extends StatefulWidget {
  const CounterPage({super.key, required this.title});

  final String title;

  @override
  State<CounterPage> createState() => _CounterPageState();
}

class _CounterPageState extends State<CounterPage> with SingleTickerProviderStateMixin {
  int _count = 0;
  AnimationController? _controller;
  late final TextEditingController _text = TextEditingController();
  StreamSubscription<int>? _sub;

  @override
  void initState() {
    super.initState();
    _controller = AnimationController(vsync: this, duration: const Duration(milliseconds: 300))
      ..addListener(() => setState(() {}))
      ..forward();
    _sub = Stream.periodic(const Duration(seconds: 1), (i) => i).listen((i) {
      if (!mounted) return;
      setState(() {
        _count = i % kMaxCount;
      });
    });
  }

  @override
  void dispose() {
    if (_controller != null) _controller!.dispose();
    if (_sub != null) {
      _sub?.cancel();
    }
    _text.dispose();
    super.dispose();
  }

  void _increment() => setState(() => _count++);

  Future<void> _load() async {
    try {
      final value = await fetchCount();
      setState(() {
        _count = value ?? 0;
      });
    } on TimeoutException catch (e) {
      debugPrint('timeout: ${e.message}');
    } catch (e, st) {
      debugPrint('failed: $e\n$st');
      rethrow;
    } finally {
      _controller?.reset();
    }
  }

  @override
  Widget build(BuildContext context) {
    final theme = Theme.of(context);
    return Scaffold(
      appBar: AppBar(title: Text(widget.title)),
      body: Center(
        child: Column(
          mainAxisAlignment: MainAxisAlignment.center,
          children: <Widget>[
            const Text('You have pushed the button this many times:'),
            Text('$_count', style: theme.textTheme.headlineMedium),
            if (_count > 5) const Icon(Icons.star) else const SizedBox.shrink(),
            for (var i = 0; i < _count; i++) Text('item ${i + 1} of ${_count}'),
            ...[for (final s in ['a', 'b']) Text(s)],
          ],
        ),
      ),
      floatingActionButton: FloatingActionButton(
        onPressed: _increment,
        tooltip: 'Increment',
        child: const Icon(Icons.add),
      ),
    );
  }
}

Future<int?> fetchCount() async {
  await Future<void>.delayed(const Duration(milliseconds: 10));
  return digits.hasMatch('42') ? int.tryParse('42') : null;
}

Stream<int> countdown(int from) async* {
  for (var i = from; i >= 0; i--) {
    yield i;
  }
}

Iterable<int> evens(int n) sync* {
  var i = 0;
  while (i < n) {
    if (i.isEven) yield i;
    i += 1;
  }
  do {
    i--;
  } while (i > 0);
}

enum Status {
  idle('Idle'),
  busy('Busy');

  const Status(this.label);
  final String label;

  bool get isBusy => this == Status.busy;
}

sealed class Shape {
  const Shape();
}

final class Circle extends Shape {
  const Circle(this.radius);
  final double radius;
}

final class Square extends Shape {
  const Square(this.side);
  final double side;
}

double area(Shape s) => switch (s) {
      Circle(radius: var r) => 3.14 * r * r,
      Square(:final side) => side * side,
    };

String describe(Object? o) {
  switch (o) {
    case null:
      return 'null';
    case int n when n > 0:
      return 'positive $n';
    case [var a, var b]:
      return 'pair $a $b';
    case {'k': String v}:
      return 'map $v';
    default:
      return o.toString();
  }
}

(int, String) pair() => (1, 'one');

abstract class Repository<T extends Object> {
  Future<List<T>> all();
  Future<T?> byId(String id);
  void close() {}
}

mixin Logging on Object {
  void log(String message) => print('[${runtimeType}] $message');
}

extension StringX on String {
  String get capitalized => isEmpty ? this : '${this[0].toUpperCase()}${substring(1)}';
  int? toIntOrNull() => int.tryParse(this);
}

extension type UserId(String value) {
  bool get isValid => value.isNotEmpty;
}

class Point {
  final int x, y;
  const Point(this.x, this.y);
  Point.origin() : this(0, 0);
  factory Point.fromJson(Json json) => Point(json['x'] as int, json['y'] as int);

  Point operator +(Point o) => Point(x + o.x, y + o.y);

  @override
  bool operator ==(Object other) => other is Point && other.x == x && other.y == y;

  @override
  int get hashCode => Object.hash(x, y);

  static const zero = Point(0, 0);
}

void cascades(StringBuffer sb, List<int>? xs) {
  sb
    ..write('a')
    ..write('b')
    ..writeln();
  xs?..add(1)..add(2);
  final m = <String, int>{'a': 1, 'b': 2};
  final s = <int>{1, 2, 3};
  var (a, b) = pair();
  final total = xs?.fold<int>(0, (acc, x) => acc + x) ?? 0;
  xs ??= [];
  assert(total >= 0, 'negative total');
  print('$a $b ${m['a']} ${s.length} $total');
  label:
  for (final x in xs) {
    if (x == 0) continue label;
    if (x < 0) break label;
  }
}
