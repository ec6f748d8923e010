// A media player widget: nullable controllers disposed with a null
// check, navigation, a ticker and type tests on events.
import 'dart:async';

import 'package:flutter/material.dart';

sealed class PlayerEvent {}

class Started extends PlayerEvent {
  Started(this.position);
  final Duration position;
}

class Stopped extends PlayerEvent {}

class Failed extends PlayerEvent {
  Failed(this.error);
  final Object error;
}

class VideoController {
  VideoController(this.url);

  final String url;
  final _events = StreamController<PlayerEvent>();
  Duration? _position;
  bool _playing = false;

  Stream<PlayerEvent> get events => _events.stream;
  Duration get position => _position ?? Duration.zero;

  Future<void> play() async {
    _playing = true;
    _events.add(Started(position));
  }

  void pause() {
    _playing = false;
    _events.add(Stopped());
  }

  void dispose() {
    if (_playing) pause();
    _events.close();
  }
}

class PlayerPage extends StatefulWidget {
  const PlayerPage({super.key, required this.url, this.autoplay = false});

  final String url;
  final bool autoplay;

  @override
  State<PlayerPage> createState() => _PlayerPageState();
}

class _PlayerPageState extends State<PlayerPage> {
  VideoController? _video;
  AnimationController? _fade;
  StreamSubscription<PlayerEvent>? _events;
  Timer? _hideControls;
  String? _message;
  bool _showControls = true;

  @override
  void initState() {
    super.initState();
    final video = VideoController(widget.url);
    _video = video;
    _events = video.events.listen(_onEvent);
    if (widget.autoplay) {
      unawaited(video.play());
    }
  }

  void _onEvent(PlayerEvent event) {
    if (!mounted) return;
    if (event is Started) {
      setState(() => _message = 'playing from ${event.position.inSeconds}s');
    } else if (event is Failed) {
      setState(() => _message = 'error: ${event.error}');
      Navigator.of(context).maybePop();
    } else if (event is Stopped) {
      setState(() => _message = null);
    }
  }

  void _toggleControls() {
    _hideControls?.cancel();
    setState(() => _showControls = !_showControls);
    if (_showControls) {
      _hideControls = Timer(const Duration(seconds: 3), () {
        if (mounted) setState(() => _showControls = false);
      });
    }
  }

  Future<void> _openSettings() async {
    final result = await Navigator.of(context).pushNamed('/player/settings');
    if (result is String && result.isNotEmpty) {
      setState(() => _message = result);
    }
  }

  Future<void> _close() async {
    try {
      _video!.pause();
    } catch (e) {
      debugPrint('pause failed: $e');
    }
    if (!mounted) return;
    Navigator.of(context).pop(_video!.position);
  }

  @override
  void dispose() {
    _hideControls?.cancel();
    _events?.cancel();
    final video = _video;
    if (video != null) video.dispose();
    final fade = _fade;
    if (fade != null) fade.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) {
    final theme = Theme.of(context);
    final message = _message;
    return GestureDetector(
      onTap: _toggleControls,
      child: Stack(
        children: [
          ColoredBox(color: theme.colorScheme.surface),
          if (message != null)
            Center(child: Text(message, style: theme.textTheme.bodyLarge)),
          if (_showControls) ...[
            Positioned(
              top: 8,
              left: 8,
              child: IconButton(icon: const Icon(Icons.close), onPressed: _close),
            ),
            Positioned(
              top: 8,
              right: 8,
              child: IconButton(icon: const Icon(Icons.settings), onPressed: _openSettings),
            ),
            Align(
              alignment: Alignment.bottomCenter,
              child: Text(
                '${_video!.position.inMinutes}:${(_video!.position.inSeconds % 60).toString().padLeft(2, '0')}',
              ),
            ),
          ],
        ],
      ),
    );
  }
}

class PlayerScope extends StatefulWidget {
  const PlayerScope({super.key, required this.child});

  final Widget child;

  @override
  State<PlayerScope> createState() => _PlayerScopeState();
}

class _PlayerScopeState extends State<PlayerScope> {
  final List<VideoController> _controllers = [];
  VideoController? _current;

  void register(VideoController c) {
    _controllers.add(c);
  }

  @override
  void dispose() {
    for (final c in _controllers) {
      c.dispose();
    }
    final current = _current;
    if (current != null) current.dispose();
    super.dispose();
  }

  @override
  Widget build(BuildContext context) => widget.child;
}
