// A repository over an HTTP-like client: async/await, streams with
// async*, retries, cascades, null-aware calls and error handling.
import 'dart:async';
import 'dart:convert';

import 'models.dart';

class HttpError implements Exception {
  HttpError(this.status, [this.body]);

  final int status;
  final String? body;

  bool get retryable => status >= 500 || status == 429;

  @override
  String toString() => 'HttpError $status${body == null ? '' : ': $body'}';
}

abstract class Client {
  Future<(int, String)> get(Uri url, {Map<String, String>? headers});
  Future<(int, String)> post(Uri url, String body);
  void close();
}

class TaskRepository {
  TaskRepository(this._client, {Uri? base, this.maxRetries = 3})
      : _base = base ?? Uri.parse('https://tasks.example.com/api/');

  final Client _client;
  final Uri _base;
  final int maxRetries;
  final Map<int, Task> _cache = {};
  final _updates = StreamController<Task>.broadcast();
  Timer? _poll;
  bool _closed = false;

  Stream<Task> get updates => _updates.stream;

  Uri _url(String path, [Map<String, String>? query]) =>
      _base.resolve(path).replace(queryParameters: query);

  Future<T> _retry<T>(Future<T> Function() action) async {
    var attempt = 0;
    while (true) {
      try {
        return await action();
      } on HttpError catch (e) {
        attempt++;
        if (!e.retryable || attempt >= maxRetries) rethrow;
        await Future<void>.delayed(Duration(milliseconds: 100 * attempt));
      }
    }
  }

  Future<List<Task>> fetchAll({int page = 1}) async {
    final (status, body) = await _retry(
      () => _client.get(_url('tasks', {'page': '$page'})),
    );
    if (status != 200) throw HttpError(status, body);
    final list = jsonDecode(body) as List<Object?>;
    final tasks = [
      for (final item in list)
        if (item is Map<String, Object?>) Task.fromJson(item),
    ];
    for (final t in tasks) {
      _cache[t.id] = t;
    }
    return tasks;
  }

  Future<Task?> fetch(int id) async {
    final cached = _cache[id];
    if (cached != null) return cached;
    final (status, body) = await _retry(() => _client.get(_url('tasks/$id')));
    if (status == 404) return null;
    if (status != 200) {
      throw HttpError(status, body);
    }
    final task = Task.fromJson(jsonDecode(body) as Map<String, Object?>);
    _cache[id] = task;
    return task;
  }

  Future<Task> save(Task task) async {
    final (status, body) = await _client.post(
      _url('tasks/${task.id}'),
      jsonEncode(task.toJson()),
    );
    if (status >= 400) {
      throw HttpError(status, body);
    }
    _cache[task.id] = task;
    _updates.add(task);
    return task;
  }

  Future<void> complete(int id) async {
    final task = await fetch(id);
    if (task == null) {
      throw StateError('no task $id');
    }
    await save(task.copyWith(done: true));
    print('saved $id');
  }

  Stream<List<Task>> pages() async* {
    var page = 1;
    while (!_closed) {
      final tasks = await fetchAll(page: page);
      if (tasks.isEmpty) break;
      yield tasks;
      page++;
    }
  }

  Stream<Task> search(String query) async* {
    await for (final page in pages()) {
      for (final t in page) {
        if (t.title.toLowerCase().contains(query.toLowerCase())) yield t;
      }
    }
  }

  void startPolling(Duration every) {
    _poll?.cancel();
    _poll = Timer.periodic(every, (_) async {
      try {
        final tasks = await fetchAll();
        tasks.forEach(_updates.add);
      } catch (e) {
        _updates.addError(e);
      }
    });
  }

  Future<Map<Priority, int>> counts() async {
    final all = await fetchAll();
    final counts = <Priority, int>{};
    for (final t in all) {
      counts[t.priority] = (counts[t.priority] ?? 0) + 1;
    }
    return counts;
  }

  Future<void> close() async {
    if (_closed) return;
    _closed = true;
    _poll?.cancel();
    _poll = null;
    await _updates.close();
    _client.close();
    _cache.clear();
  }
}

class RequestLog {
  final List<String> lines = [];
  int errors = 0;

  void record(String method, Uri url, int status) {
    lines.add('$method $url -> $status');
    if (status >= 400) errors++;
  }

  String report() {
    final buffer = StringBuffer()
      ..writeln('requests: ${lines.length}')
      ..writeln('errors: $errors');
    for (final line in lines.take(10)) {
      buffer.writeln('  $line');
    }
    return buffer.toString();
  }
}

Future<void> main(List<String> args) async {
  final log = RequestLog();
  final repo = TaskRepository(FakeClient(log));
  try {
    final tasks = await repo.fetchAll();
    print('fetched ${tasks.length} tasks');
    await repo.complete(tasks.first.id);
    await for (final t in repo.search(args.isEmpty ? 'x' : args.first)) {
      print(t.title);
    }
  } on HttpError catch (e) {
    print('failed: $e');
  } finally {
    await repo.close();
    print(log.report());
  }
}

class FakeClient implements Client {
  FakeClient(this.log);

  final RequestLog log;
  final List<Task> tasks = [
    Task(id: 1, title: 'write tests'),
    Task(id: 2, title: 'fix bug', priority: Priority.high),
  ];

  @override
  Future<(int, String)> get(Uri url, {Map<String, String>? headers}) async {
    final id = int.tryParse(url.pathSegments.last);
    final (int status, String body) result;
    if (id == null) {
      result = (200, jsonEncode([for (final t in tasks) t.toJson()]));
    } else {
      final t = tasks.byId(id);
      result = t == null ? (404, '') : (200, jsonEncode(t.toJson()));
    }
    log.record('GET', url, result.$1);
    return result;
  }

  @override
  Future<(int, String)> post(Uri url, String body) async {
    log.record('POST', url, 200);
    return (200, body);
  }

  @override
  void close() {}
}
