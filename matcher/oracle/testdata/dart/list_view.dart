// A task list widget: a stateless item, a stateful list with a
// scroll controller, a search debounce and an inherited notifier.
import 'dart:async';

import 'package:flutter/material.dart';
import 'package:flutter/widgets.dart';

import 'models.dart';
import 'repository.dart';

class TaskTile extends StatelessWidget {
  const TaskTile({super.key, required this.task, this.onToggle, this.onDelete});

  final Task task;
  final ValueChanged<Task>? onToggle;
  final VoidCallback? onDelete;

  @override
  Widget build(BuildContext context) {
    final colors = Theme.of(context).colorScheme;
    final due = task.due;
    return Dismissible(
      key: ValueKey(task.id),
      onDismissed: (_) => onDelete?.call(),
      child: CheckboxListTile(
        value: task.done,
        onChanged: (_) => onToggle?.call(task),
        title: Text(
          task.title,
          style: task.done ? const TextStyle(decoration: TextDecoration.lineThrough) : null,
        ),
        subtitle: due == null ? null : Text('due ${due.month}/${due.day}'),
        secondary: Icon(
          switch (task.priority) {
            Priority.high => Icons.priority_high,
            Priority.low => Icons.low_priority,
            Priority.normal => Icons.circle_outlined,
          },
          color: task.priority == Priority.high ? colors.error : colors.outline,
        ),
      ),
    );
  }
}

class TaskListPage extends StatefulWidget {
  const TaskListPage({super.key, required this.repository});

  final TaskRepository repository;

  @override
  State<TaskListPage> createState() => _TaskListPageState();
}

class _TaskListPageState extends State<TaskListPage> {
  final ScrollController _scroll = ScrollController();
  final TextEditingController _query = TextEditingController();
  StreamSubscription<Task>? _sub;
  Timer? _debounce;
  List<Task> _tasks = const [];
  List<Task>? _filtered;
  Object? _error;
  bool _loading = true;

  @override
  void initState() {
    super.initState();
    _scroll.addListener(_onScroll);
    _query.addListener(_onQuery);
    _sub = widget.repository.updates.listen(_onUpdate, onError: (Object e) {
      setState(() => _error = e);
    });
    _refresh();
  }

  Future<void> _refresh() async {
    setState(() => _loading = true);
    try {
      final tasks = await widget.repository.fetchAll();
      if (!mounted) return;
      setState(() {
        _tasks = tasks;
        _error = null;
      });
    } catch (e) {
      if (!mounted) return;
      setState(() => _error = e);
    } finally {
      if (mounted) setState(() => _loading = false);
    }
  }

  void _onUpdate(Task task) {
    setState(() {
      _tasks = [
        for (final t in _tasks) t.id == task.id ? task : t,
        if (!_tasks.any((t) => t.id == task.id)) task,
      ];
    });
  }

  void _onScroll() {
    if (_scroll.position.pixels > _scroll.position.maxScrollExtent - 200 && !_loading) {
      unawaited(_refresh());
    }
  }

  void _onQuery() {
    _debounce?.cancel();
    _debounce = Timer(const Duration(milliseconds: 250), () {
      final q = _query.text.trim().toLowerCase();
      setState(() {
        _filtered = q.isEmpty ? null : _tasks.where((t) => t.title.toLowerCase().contains(q)).toList();
      });
    });
  }

  Future<void> _toggle(Task task) async {
    final updated = task.copyWith(done: !task.done);
    setState(() => _onUpdate(updated));
    try {
      await widget.repository.save(updated);
      debugPrint('saved ${updated.title}');
    } catch (e) {
      if (!mounted) return;
      ScaffoldMessenger.of(context).showSnackBar(SnackBar(content: Text('could not save: $e')));
      setState(() => _onUpdate(task));
    }
  }

  @override
  void dispose() {
    _debounce?.cancel();
    _sub?.cancel();
    _scroll.removeListener(_onScroll);
    _scroll.dispose();
    _query.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) {
    final tasks = _filtered ?? _tasks;
    final error = _error;
    if (_loading && tasks.isEmpty) {
      return const Center(child: CircularProgressIndicator());
    }
    return Column(
      children: [
        Padding(
          padding: const EdgeInsets.symmetric(horizontal: 16),
          child: TextField(controller: _query, decoration: const InputDecoration(hintText: 'Search')),
        ),
        if (error != null)
          MaterialBanner(
            content: Text('$error'),
            actions: [TextButton(onPressed: _refresh, child: const Text('Retry'))],
          ),
        Expanded(
          child: RefreshIndicator(
            onRefresh: _refresh,
            child: ListView.builder(
              controller: _scroll,
              itemCount: tasks.length,
              itemBuilder: (context, i) => TaskTile(
                task: tasks[i],
                onToggle: _toggle,
                onDelete: () => setState(() => _tasks = [..._tasks]..removeAt(i)),
              ),
            ),
          ),
        ),
      ],
    );
  }
}

class TaskCount extends InheritedWidget {
  const TaskCount({super.key, required this.count, required super.child});

  final int count;

  static int of(BuildContext context) {
    final widget = context.dependOnInheritedWidgetOfExactType<TaskCount>();
    assert(widget != null, 'no TaskCount above $context');
    return widget!.count;
  }

  @override
  bool updateShouldNotify(TaskCount oldWidget) => count != oldWidget.count;
}
