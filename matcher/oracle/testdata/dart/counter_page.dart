// A counter page with a text field, an animation and a stream
// subscription: the State lifecycle of a typical Flutter screen.
import 'dart:async';

import 'package:flutter/material.dart';

import 'settings.dart';

class CounterPage extends StatefulWidget {
  const CounterPage({super.key, required this.title, this.initial = 0});

  final String title;
  final int initial;

  @override
  State<CounterPage> createState() => _CounterPageState();
}

class _CounterPageState extends State<CounterPage>
    with SingleTickerProviderStateMixin {
  late final TextEditingController _controller;
  late final AnimationController _animation;
  final FocusNode _focus = FocusNode();
  StreamSubscription<int>? _ticks;
  ScrollController? _scroll;
  int _count = 0;
  String? _error;
  bool _busy = false;
  final List<String> _history = [];

  @override
  void initState() {
    super.initState();
    _count = widget.initial;
    _controller = TextEditingController(text: '$_count');
    _animation = AnimationController(
      vsync: this,
      duration: const Duration(milliseconds: 300),
    )..addListener(_onTick);
    _ticks = Stream.periodic(const Duration(seconds: 1), (i) => i)
        .where((i) => i.isEven)
        .listen((i) {
      if (!mounted) return;
      setState(() => _count += 1);
    });
    _scroll = ScrollController();
  }

  void _onTick() {
    if (_animation.value > 0.5) {
      setState(() {
        _history.add('tick ${_animation.value.toStringAsFixed(2)}');
      });
    }
  }

  Future<void> _save() async {
    setState(() {
      _busy = true;
      _error = null;
    });
    try {
      final value = int.parse(_controller.text);
      await Settings.instance.write('count', value);
      _history.add('saved $value');
    } on FormatException catch (e) {
      _error = 'not a number: ${e.source}';
    } catch (e, stack) {
      debugPrint('save failed: $e\n$stack');
      _error = e.toString();
    } finally {
      if (mounted) {
        setState(() => _busy = false);
      }
    }
  }

  void _increment() {
    setState(() {
      _count++;
      _controller.text = '$_count';
    });
    _animation.forward(from: 0);
  }

  void _reset() {
    setState(() {
      _count = 0;
      _history.clear();
    });
  }

  @override
  void didUpdateWidget(covariant CounterPage oldWidget) {
    super.didUpdateWidget(oldWidget);
    if (oldWidget.initial != widget.initial) {
      _count = widget.initial;
    }
  }

  @override
  void dispose() {
    _ticks?.cancel();
    _controller.dispose();
    _animation.dispose();
    _focus.dispose();
    if (_scroll != null) _scroll!.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) {
    final theme = Theme.of(context);
    final error = _error;
    return Scaffold(
      appBar: AppBar(
        title: Text(widget.title),
        actions: [
          IconButton(
            icon: const Icon(Icons.refresh),
            onPressed: _busy ? null : _reset,
          ),
          if (_history.isNotEmpty)
            IconButton(
              icon: const Icon(Icons.history),
              onPressed: () => Navigator.of(context).pushNamed('/history'),
            ),
        ],
      ),
      body: ListView(
        controller: _scroll,
        padding: const EdgeInsets.all(16),
        children: [
          Text('Count: $_count', style: theme.textTheme.headlineMedium),
          const SizedBox(height: 12),
          TextField(
            controller: _controller,
            focusNode: _focus,
            decoration: InputDecoration(
              labelText: 'Value',
              errorText: error,
            ),
          ),
          if (error != null) Text(error, style: TextStyle(color: theme.colorScheme.error)),
          for (final entry in _history.reversed.take(5))
            ListTile(title: Text(entry), dense: true),
          const Divider(),
          ElevatedButton(
            onPressed: _busy ? null : _save,
            child: _busy ? const CircularProgressIndicator() : const Text('Save'),
          ),
        ],
      ),
      floatingActionButton: FloatingActionButton(
        onPressed: _increment,
        tooltip: 'Increment',
        child: const Icon(Icons.add),
      ),
    );
  }
}
