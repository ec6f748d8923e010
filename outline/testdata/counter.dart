// A counter and its listeners.
import 'dart:async';

typedef Listener = void Function(int value);

enum Mode { up, down }

abstract class Counting {
  int get value;
  void step();
}

mixin Logging {
  void log(String message) {
    print('[log] $message');
  }
}

class Counter with Logging implements Counting {
  int _value = 0;
  final Mode mode;
  final List<Listener> _listeners = [];

  Counter(this.mode);

  Counter.up() : this(Mode.up);

  @override
  int get value => _value;

  set value(int v) {
    _value = v;
  }

  @override
  void step() {
    _value += mode == Mode.up ? 1 : -1;
    log('stepped to $_value');
    for (final l in _listeners) {
      l(_value);
    }
  }

  void listen(Listener l) => _listeners.add(l);
}

extension Twice on Counter {
  void stepTwice() {
    step();
    step();
  }
}

Future<void> run(Counter c, int times) async {
  void tick(Timer t) {
    c.step();
    if (c.value >= times) t.cancel();
  }

  Timer.periodic(const Duration(milliseconds: 10), tick);
}

void main() {
  final c = Counter.up();
  c.listen((v) => print(v));
  run(c, 3);
}
