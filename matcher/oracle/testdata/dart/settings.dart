// A settings store over an async key-value backend, with a change
// stream, a cache and null-aware fallbacks.
import 'dart:async';
import 'dart:convert';

typedef Json = Map<String, Object?>;

abstract interface class Backend {
  Future<String?> read(String key);
  Future<void> write(String key, String value);
  Future<void> remove(String key);
}

class MemoryBackend implements Backend {
  final Map<String, String> _data = {};

  @override
  Future<String?> read(String key) async => _data[key];

  @override
  Future<void> write(String key, String value) async {
    _data[key] = value;
  }

  @override
  Future<void> remove(String key) async {
    _data.remove(key);
  }
}

class SettingsChange {
  const SettingsChange(this.key, this.oldValue, this.newValue);

  final String key;
  final Object? oldValue;
  final Object? newValue;

  bool get isRemoval => newValue == null;

  @override
  String toString() => 'SettingsChange($key: $oldValue -> $newValue)';
}

class Settings {
  Settings._(this._backend) : _cache = {}, _loaded = false;

  factory Settings.memory() => Settings._(MemoryBackend());

  static final Settings instance = Settings.memory();

  final Backend _backend;
  final Map<String, Object?> _cache;
  bool _loaded;
  final StreamController<SettingsChange> _changes =
      StreamController<SettingsChange>.broadcast();

  Stream<SettingsChange> get changes => _changes.stream;

  Stream<T?> watch<T>(String key) =>
      _changes.stream.where((c) => c.key == key).map((c) => c.newValue as T?);

  Future<void> load(List<String> keys) async {
    if (_loaded) return;
    for (final key in keys) {
      final raw = await _backend.read(key);
      if (raw == null) continue;
      _cache[key] = jsonDecode(raw);
    }
    _loaded = true;
  }

  T? get<T>(String key) {
    final value = _cache[key];
    if (value == null) return null;
    if (value is! T) {
      throw StateError('setting $key is ${value.runtimeType}, not $T');
    }
    return value;
  }

  T getOr<T>(String key, T fallback) => get<T>(key) ?? fallback;

  Future<void> write(String key, Object? value) async {
    final old = _cache[key];
    if (old == value) return;
    if (value == null) {
      _cache.remove(key);
      await _backend.remove(key);
    } else {
      _cache[key] = value;
      await _backend.write(key, jsonEncode(value));
    }
    _changes.add(SettingsChange(key, old, value));
  }

  Future<Json> export() async {
    final out = <String, Object?>{};
    for (final entry in _cache.entries) {
      out[entry.key] = entry.value;
    }
    return out;
  }

  Future<int> import(Json json, {bool overwrite = false}) async {
    var count = 0;
    for (final MapEntry(:key, :value) in json.entries) {
      if (!overwrite && _cache.containsKey(key)) continue;
      await write(key, value);
      count++;
    }
    return count;
  }

  Future<void> close() async {
    await _changes.close();
  }
}

class ThemeSettings {
  ThemeSettings(this._settings);

  final Settings _settings;

  String get mode => _settings.getOr('theme.mode', 'system');
  double get textScale => _settings.get<double>('theme.scale') ?? 1.0;
  int? get accent => _settings.get<int>('theme.accent');

  set mode(String value) {
    if (value != 'light' && value != 'dark' && value != 'system') {
      throw ArgumentError.value(value, 'mode');
    }
    unawaited(_settings.write('theme.mode', value));
  }

  String describe() {
    final accent = this.accent;
    final accentText = accent == null ? 'default' : '#${accent.toRadixString(16)}';
    return 'mode=$mode scale=${textScale.toStringAsFixed(1)} accent=$accentText';
  }
}

Future<void> migrate(Settings settings) async {
  final legacy = settings.get<String>('darkMode');
  if (legacy != null) {
    await settings.write('theme.mode', legacy == 'true' ? 'dark' : 'light');
    await settings.write('darkMode', null);
  }
  final scale = settings.get<num>('fontScale');
  await settings.write('theme.scale', scale?.toDouble() ?? 1.0);
  print('migrated: ${await settings.export()}');
}
