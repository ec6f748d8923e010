// Plain Dart models: sealed classes, records, patterns, switch
// expressions, enums with members, extension methods and operators.
import 'dart:math' as math;

enum Priority {
  low(1),
  normal(5),
  high(10);

  const Priority(this.weight);

  final int weight;

  bool operator <(Priority other) => weight < other.weight;

  static Priority parse(String s) => switch (s.toLowerCase()) {
        'low' => Priority.low,
        'high' || 'urgent' => Priority.high,
        _ => Priority.normal,
      };
}

sealed class Shape {
  const Shape();

  double get area;
}

final class Circle extends Shape {
  const Circle(this.radius) : assert(radius >= 0);

  final double radius;

  @override
  double get area => math.pi * radius * radius;
}

final class Rect extends Shape {
  const Rect(this.width, this.height);

  const Rect.square(double side) : this(side, side);

  final double width;
  final double height;

  @override
  double get area => width * height;
}

String describeShape(Shape shape) => switch (shape) {
      Circle(radius: 0) => 'a point',
      Circle(:final radius) when radius > 100 => 'a huge circle',
      Circle c => 'a circle of ${c.radius}',
      Rect(:final width, :final height) when width == height =>
        'a square of $width',
      Rect r => 'a ${r.width}x${r.height} rectangle',
    };

class Task {
  Task({
    required this.id,
    required this.title,
    this.priority = Priority.normal,
    this.done = false,
    List<String>? tags,
    DateTime? due,
  })  : tags = tags ?? const [],
        due = due?.toUtc();

  final int id;
  final String title;
  final Priority priority;
  final bool done;
  final List<String> tags;
  final DateTime? due;

  Task copyWith({String? title, bool? done, Priority? priority}) => Task(
        id: id,
        title: title ?? this.title,
        priority: priority ?? this.priority,
        done: done ?? this.done,
        tags: tags,
        due: due,
      );

  (int, String) get key => (id, title);

  ({int open, int overdue}) stats(List<Task> all, DateTime now) {
    var open = 0;
    var overdue = 0;
    for (final t in all) {
      if (t.done) continue;
      open++;
      final d = t.due;
      if (d != null && d.isBefore(now)) overdue++;
    }
    return (open: open, overdue: overdue);
  }

  Map<String, Object?> toJson() => {
        'id': id,
        'title': title,
        'priority': priority.name,
        if (done) 'done': true,
        if (tags.isNotEmpty) 'tags': [for (final t in tags) t.trim()],
        'due': due?.toIso8601String(),
      };

  static Task fromJson(Map<String, Object?> json) {
    if (json case {'id': int id, 'title': String title}) {
      return Task(
        id: id,
        title: title,
        priority: Priority.parse(json['priority'] as String? ?? 'normal'),
        done: json['done'] == true,
        tags: (json['tags'] as List?)?.cast<String>(),
      );
    }
    throw FormatException('bad task: $json');
  }

  @override
  bool operator ==(Object other) =>
      other is Task && other.id == id && other.title == title;

  @override
  int get hashCode => Object.hash(id, title);
}

extension TaskList on List<Task> {
  List<Task> get open => where((t) => !t.done).toList();

  Task? byId(int id) {
    for (final t in this) {
      if (t.id == id) return t;
    }
    return null;
  }

  Map<Priority, List<Task>> byPriority() {
    final out = <Priority, List<Task>>{};
    for (final t in this) {
      out.putIfAbsent(t.priority, () => []).add(t);
    }
    return out;
  }

  int get totalWeight => fold(0, (sum, t) => sum + t.priority.weight);
}

extension on String {
  String get initials => split(' ').where((w) => w.isNotEmpty).map((w) => w[0]).join();
}

(String, int) summarize(List<Task> tasks) {
  final (open, done) = (tasks.open.length, tasks.length - tasks.open.length);
  final label = switch ((open, done)) {
    (0, 0) => 'nothing yet',
    (0, _) => 'all done',
    (var n, 0) => '$n to do',
    (var n, var m) => '$n to do, $m done',
  };
  return (label, open);
}

void printTasks(List<Task> tasks) {
  for (final t in tasks) {
    final mark = t.done ? 'x' : ' ';
    print('[$mark] ${t.id} ${t.title.initials} ${t.priority.name}');
  }
  final (label, n) = summarize(tasks);
  print('$label ($n)');
}
