"""The driver of agenttools' Python kernel.

The Go side (interp/python) runs this file as `python -u - NONCE`, the
source on stdin (which then stays at end-of-file, so input() in a cell
fails plainly instead of hanging). It runs cells in a fresh __main__
module and talks to Go on two pipes of its own, never on stdout:

  fd 3  Go -> Python, one JSON object per line:
          {"t": "run", "code": "..."}                   run a cell
          {"t": "reply", "id": N, "value": ...}         a tool call's result
          {"t": "reply", "id": N, "error": "..."}       a tool call's failure
  fd 4  Python -> Go, one JSON object per line:
          {"t": "ready", "sync": S, "version": "3.11.2"}
          {"t": "out", "sync": S, "kind": K, "text": "..."}    K: value,
                text, table, error
          {"t": "out", "sync": S, "kind": "image", "mime": "image/png",
                "data": "<base64>"}
          {"t": "tool", "sync": S, "id": N, "name": "read", "args": {...}}
          {"t": "sync", "sync": S}
          {"t": "done", "sync": S}

Everything a cell prints -- print(), os.write(1, ...), a child started with
!cmd -- goes to fds 1 and 2, which Go reads as the cell's output. To keep
that output in order with the messages on fd 4, each message is preceded
by a sync mark: the bytes NUL "agenttools-sync-" NONCE ":" S NUL, written
to both fd 1 and fd 2. Go acts on a message only once it has read both
streams up to the mark with that message's S, so everything written before
the message (by this process or by any child) is recorded before it, and a
cell is not over until its output has been read. A switch between
sys.stdout and sys.stderr also writes a mark (a "sync" message), so that
print() and print(file=sys.stderr) stay in order too.

fds 3 and 4 are made non-inheritable, so a child process cannot write on
them. SIGINT raises KeyboardInterrupt only while user code runs; in the
driver's own code it is held until the cell is over, so the protocol is
never cut in the middle of a message.
"""

import ast
import base64
import builtins
import importlib
import io
import json
import linecache
import os
import shlex
import signal
import subprocess
import sys
import threading
import traceback
import types
import warnings

DRIVER_FILE = "<stdin>"  # how this file's frames are named; they are hidden
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
TABLE_ROWS, TABLE_MIN_ROWS, TABLE_COLS, TABLE_COLWIDTH = 60, 10, 20, 50


class ToolError(Exception):
    """A tool called with tool() reported an error; the message is its text."""


class Channel:
    """The protocol: messages out on fd 4, requests in on fd 3, and the sync
    marks on fds 1 and 2."""

    def __init__(self, nonce):
        for fd in (3, 4):
            os.set_inheritable(fd, False)
        self.inbox = open(3, "rb")
        self.mark = b"\x00agenttools-sync-" + nonce.encode() + b":"
        self.sync = 0
        self.lock = threading.RLock()
        # While shielded, SIGINT is held in pending_interrupt instead of
        # raising KeyboardInterrupt: true except while user code runs.
        self.shielded = True
        self.pending_interrupt = False
        self.stream = None  # the stream that sys.stdout/sys.stderr wrote last

    def send(self, msg):
        """Writes msg on fd 4 after a sync mark on both streams; a SIGINT
        is held meanwhile, so that no message is cut short."""
        was, self.shielded = self.shielded, True
        try:
            with self.lock:
                self.sync += 1
                mark = self.mark + str(self.sync).encode() + b"\x00"
                write_all(1, mark)
                write_all(2, mark)
                msg["sync"] = self.sync
                write_all(4, json.dumps(msg, separators=(",", ":")).encode() + b"\n")
        finally:
            self.shielded = was
        self.interrupt_if_pending()

    def on_sigint(self, signum, frame):
        if self.shielded:
            self.pending_interrupt = True
            return
        raise KeyboardInterrupt

    def interrupt_if_pending(self):
        if self.pending_interrupt and not self.shielded:
            self.pending_interrupt = False
            raise KeyboardInterrupt

    def receive(self):
        line = self.inbox.readline()
        if not line:
            os._exit(0)  # Go closed the pipe: the kernel is being closed
        return json.loads(line)


def write_all(fd, data):
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view):]


class Stream(io.TextIOBase):
    """sys.stdout or sys.stderr: unbuffered, straight to fd 1 or 2, with a
    sync mark when the other stream was the last one written."""

    def __init__(self, channel, fd, name):
        self.channel, self.fd, self.name_ = channel, fd, name
        self.buffer = open(fd, "wb", buffering=0, closefd=False)

    @property
    def name(self):
        return self.name_

    @property
    def encoding(self):
        return "utf-8"

    @property
    def errors(self):
        return "backslashreplace"

    def writable(self):
        return True

    def isatty(self):
        return False

    def fileno(self):
        return self.fd

    def write(self, s):
        if not isinstance(s, str):
            raise TypeError("write() argument must be str, not " + type(s).__name__)
        ch = self.channel
        with ch.lock:
            if ch.stream not in (None, self.fd):
                ch.send({"t": "sync"})
            ch.stream = self.fd
            write_all(self.fd, s.encode("utf-8", "backslashreplace"))
        return len(s)

    def flush(self):
        pass


class Kernel:
    """Runs cells in one namespace and renders what they show."""

    def __init__(self, channel):
        self.ch = channel
        self.cells = 0
        self.next_tool = 0
        self.tool_lock = threading.Lock()
        self.shown_figures = set()
        main = types.ModuleType("__main__")
        main.__dict__.update({
            "__builtins__": builtins,
            "display": self.display,
            "tool": self.tool,
            "ToolError": ToolError,
        })
        sys.modules["__main__"] = main
        self.ns = main.__dict__
        builtins._agenttools = Magics(self)

    # --- running a cell ---

    def run(self, code):
        ch = self.ch
        self.cells += 1
        ch.pending_interrupt = False
        self.shown_figures = set()
        name = "<cell %d>" % self.cells
        try:
            ch.shielded = False
            self.patch_pyplot()
            body, last = self.compile(rewrite_magics(code), name, code)
            exec(body, self.ns)
            if last is not None:
                value = eval(last, self.ns)
                if value is not None:
                    self.ns["_"] = value
                    self.emit(self.render(value, echo=True))
            self.show_figures()
            ch.shielded = True
        except BaseException as e:
            ch.shielded = True
            ch.send({"t": "out", "kind": "error", "text": self.describe(e)})
            try:
                self.show_figures()
            except Exception:
                pass

    def compile(self, code, name, original):
        """Compiles a cell as IPython does: all but the last statement in
        exec mode, the last, if it is an expression, in eval mode so that
        its value can be echoed. A trailing ';' silences the echo."""
        linecache.cache[name] = (len(original), None, original.splitlines(True), name)
        try:
            tree = ast.parse(code, name, "exec")
        except SyntaxError as e:
            # Reported as Python's REPL does: no frames of the parser.
            raise e.with_traceback(None) from None
        last = None
        if tree.body and isinstance(tree.body[-1], ast.Expr) and not code.rstrip().endswith(";"):
            last = ast.Expression(tree.body.pop().value)
        body = compile(tree, name, "exec")
        return body, (compile(last, name, "eval") if last is not None else None)

    def describe(self, e):
        """The traceback of e, and of the exceptions chained to it, without
        the driver's own frames."""
        top = traceback.TracebackException(type(e), e, e.__traceback__)
        seen, todo = set(), [top]
        while todo:
            t = todo.pop()
            if t is None or id(t) in seen:
                continue
            seen.add(id(t))
            t.stack[:] = [f for f in t.stack if f.filename != DRIVER_FILE]
            todo += [t.__cause__, t.__context__]
        return "".join(top.format()).rstrip("\n")

    # --- what a cell shows ---

    def emit(self, out):
        if out is not None:
            self.ch.send(dict(out, t="out"))

    def display(self, *objs):
        """Shows each object as a notebook would: text, a table for a pandas
        DataFrame, an image for a matplotlib figure or the bytes of a PNG."""
        for obj in objs:
            self.emit(self.render(obj, echo=False))

    def render(self, obj, echo):
        if isinstance(obj, (bytes, bytearray)) and bytes(obj[:8]) == PNG_MAGIC:
            return image(bytes(obj))
        figure = sys.modules.get("matplotlib.figure")
        if figure is not None and isinstance(obj, figure.Figure):
            self.shown_figures.add(id(obj))
            return image(figure_png(obj))
        pandas = sys.modules.get("pandas")
        if pandas is not None and isinstance(obj, pandas.DataFrame):
            return {"kind": "table", "text": frame_table(pandas, obj)}
        png = getattr(obj, "_repr_png_", None)
        if callable(png) and not isinstance(obj, type):
            try:
                data = png()
            except Exception:
                data = None
            if isinstance(data, bytes) and data.startswith(PNG_MAGIC):
                return image(data)
        if isinstance(obj, str) and not echo:
            return {"kind": "text", "text": obj}
        return {"kind": "value" if echo else "text", "text": repr(obj)}

    def patch_pyplot(self):
        """Makes plt.show() show the open figures where it is called; with
        the Agg backend it would only warn."""
        plt = sys.modules.get("matplotlib.pyplot")
        if plt is not None and getattr(plt.show, "__module__", None) != __name__:
            def show(*args, **kwargs):
                self.show_figures()
            show.__module__ = __name__
            plt.show = show

    def show_figures(self):
        """Emits the open pyplot figures as PNG images and closes them."""
        plt = sys.modules.get("matplotlib.pyplot")
        if plt is None:
            return
        self.patch_pyplot()
        for num in plt.get_fignums():
            fig = plt.figure(num)
            if id(fig) not in self.shown_figures:
                self.emit(image(figure_png(fig)))
        plt.close("all")

    # --- the bridge ---

    def tool(self, name, args=None):
        """Calls a tool of the run, as the model would, and returns its
        result: a dict with the structured fields and "text", or the text.
        Raises ToolError with the tool's message when it fails."""
        if not isinstance(name, str) or not name:
            raise TypeError('tool(name, args): name must be a tool\'s name as a string, e.g. tool("read", {"path": "f.txt"})')
        if args is None:
            args = {}
        try:
            json.dumps(args)
        except (TypeError, ValueError) as e:
            raise TypeError("tool(name, args): args must be a dict that JSON can encode: %s" % e) from None
        ch = self.ch
        with self.tool_lock:
            self.next_tool += 1
            ident = self.next_tool
            # A SIGINT while the reply is awaited is held: the reply must be
            # read, or it would be taken for the next call's.
            was, ch.shielded = ch.shielded, True
            try:
                ch.send({"t": "tool", "id": ident, "name": name, "args": args})
                while True:
                    msg = ch.receive()
                    if msg.get("t") == "reply" and msg.get("id") == ident:
                        break
            finally:
                ch.shielded = was
        ch.interrupt_if_pending()
        if "error" in msg:
            raise ToolError(msg["error"])
        return msg.get("value")


def image(data):
    return {"kind": "image", "mime": "image/png", "data": base64.b64encode(data).decode()}


def figure_png(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    return buf.getvalue()


def frame_table(pandas, df):
    """A DataFrame as text, rows and columns capped, its shape stated."""
    with pandas.option_context("display.max_colwidth", TABLE_COLWIDTH, "display.width", 1000):
        text = df.to_string(max_rows=TABLE_ROWS, min_rows=TABLE_MIN_ROWS, max_cols=TABLE_COLS)
    return "%s\n\n[%d rows x %d columns]" % (text, df.shape[0], df.shape[1])


# --- magics ---

def rewrite_magics(code):
    """Rewrites the IPython idioms of a cell into plain calls on the
    _agenttools builtin. Code that parses as Python is left alone, so a
    string or an expression that merely looks like a magic is not touched."""
    try:
        ast.parse(code)
        return code
    except SyntaxError:
        pass
    lines = code.split("\n")
    first = lines[0].strip()
    if first.startswith("%%"):
        magic, _, arg = first[2:].partition(" ")
        body = "\n".join(lines[1:])
        if magic in ("bash", "sh", "script"):
            return "_agenttools.cell_shell(%r, %r)" % (body, magic if magic != "script" else arg.strip() or "sh")
        if magic == "timeit":
            return "_agenttools.timeit(%r, %r)" % (body, arg)
        if magic in ("capture", "time"):
            return "_agenttools.unknown(%r)" % ("%%" + magic)
        return "_agenttools.unknown(%r)" % ("%%" + magic)
    out = []
    for line in lines:
        stripped = line.lstrip()
        indent = line[: len(line) - len(stripped)]
        target, sep, rest = stripped.partition("=")
        if sep and rest.lstrip().startswith("!") and target.strip().isidentifier():
            out.append("%s%s = _agenttools.getoutput(%r)" % (indent, target.strip(), rest.lstrip()[1:]))
        elif stripped.startswith("!"):
            out.append("%s_agenttools.system(%r)" % (indent, stripped[1:]))
        elif stripped.startswith("%") and not stripped.startswith("%%"):
            magic, _, arg = stripped[1:].partition(" ")
            out.append("%s_agenttools.line(%r, %r)" % (indent, magic, arg.strip()))
        else:
            out.append(line)
    return "\n".join(out)


class Magics:
    """What the rewritten magics call. Children inherit fds 1 and 2, so
    their output is the cell's, in order with print()."""

    def __init__(self, kernel):
        self.kernel = kernel

    def line(self, magic, arg):
        if magic == "pip":
            return self.pip(arg)
        if magic == "cd":
            return self.cd(arg)
        if magic == "timeit":
            return self.timeit(arg, "")
        if magic in ("matplotlib", "load_ext", "reload_ext", "autoreload"):
            return None  # figures come back at the end of the cell anyway
        if magic == "pwd":
            return os.getcwd()
        if magic == "env":
            name, _, value = arg.partition("=")
            if value:
                os.environ[name.strip()] = value.strip()
                return None
            return os.environ.get(name.strip()) if name.strip() else dict(os.environ)
        return self.unknown("%" + magic)

    def unknown(self, magic):
        raise NotImplementedError(
            "%s is not supported here: this is a plain Python interpreter that rewrites only "
            "%%pip, %%cd, %%timeit, %%env, !cmd, %%%%bash and %%%%timeit; write plain Python instead" % magic)

    def system(self, cmd):
        sys.stdout.flush()
        r = subprocess.run(cmd, shell=True)
        self.kernel.ns["_exit_code"] = r.returncode

    def getoutput(self, cmd):
        r = subprocess.run(cmd, shell=True, stdout=subprocess.PIPE)
        self.kernel.ns["_exit_code"] = r.returncode
        return r.stdout.decode("utf-8", "replace").splitlines()

    def cell_shell(self, body, shell):
        r = subprocess.run([shell], input=body.encode())
        if r.returncode != 0:
            raise subprocess.CalledProcessError(r.returncode, shell)

    def cd(self, path):
        path = os.path.expanduser(path.strip().strip("'\"") or "~")
        os.chdir(path)
        print(os.getcwd())

    def pip(self, arg):
        """Runs pip for this interpreter, then forgets the modules of the
        distributions it named, so the next import loads what is installed."""
        args = shlex.split(arg)
        env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1")
        r = subprocess.run([sys.executable, "-m", "pip"] + args, env=env)
        if args and args[0] in ("install", "uninstall"):
            for req in args[1:]:
                if req.startswith("-"):
                    continue
                for top in top_level_modules(req):
                    for mod in list(sys.modules):
                        if mod == top or mod.startswith(top + "."):
                            del sys.modules[mod]
            importlib.invalidate_caches()
        if r.returncode != 0:
            raise RuntimeError("pip exited with status %d" % r.returncode)

    def timeit(self, stmt, arg):
        """%timeit and %%timeit: -n loops, -r repeats; on %%timeit the rest
        of the magic's line is the setup code."""
        import timeit
        words = shlex.split(arg) if arg.strip() else []
        number, repeat, setup = 0, 7, []
        i = 0
        while i < len(words):
            if words[i] == "-n" and i + 1 < len(words):
                number, i = int(words[i + 1]), i + 2
            elif words[i] == "-r" and i + 1 < len(words):
                repeat, i = int(words[i + 1]), i + 2
            else:
                setup.append(words[i])
                i += 1
        if stmt.strip() == "" and setup:  # %timeit: the statement is the argument
            stmt, setup = " ".join(setup), []
        timer = timeit.Timer(stmt, " ".join(setup) or "pass", globals=self.kernel.ns)
        if number == 0:
            number, _ = timer.autorange()
        runs = [t / number for t in timer.repeat(repeat, number)]
        mean = sum(runs) / len(runs)
        std = (sum((t - mean) ** 2 for t in runs) / len(runs)) ** 0.5
        print("%s ± %s per loop (mean ± std. dev. of %d run%s, %d loop%s each)" % (
            duration(mean), duration(std), repeat, "" if repeat == 1 else "s", number, "" if number == 1 else "s"))


def duration(seconds):
    for unit, scale in (("s", 1), ("ms", 1e-3), ("µs", 1e-6)):
        if seconds >= scale:
            return "%.3g %s" % (seconds / scale, unit)
    return "%.3g ns" % (seconds / 1e-9)


def top_level_modules(requirement):
    """The top-level modules of the distribution a pip requirement names."""
    import re
    from importlib import metadata
    name = re.split(r"[\s<>=!~\[;@]", requirement, maxsplit=1)[0]
    if not name or "/" in name:
        return []
    names = {name.replace("-", "_").lower(), name.replace("-", "_")}
    try:
        dist = metadata.distribution(name)
    except metadata.PackageNotFoundError:
        return sorted(names)
    top = dist.read_text("top_level.txt")
    if top:
        names.update(t.strip() for t in top.split() if t.strip())
    for f in dist.files or []:
        part = f.parts[0]
        if part.endswith((".dist-info", ".egg-info", ".data")) or part == "..":
            continue
        names.add(part[:-3] if part.endswith(".py") else part)
    return sorted(names)


def main():
    nonce = sys.argv[1]
    sys.argv[:] = [""]
    os.environ["MPLBACKEND"] = "Agg"  # before any pyplot import: no window, PNGs only
    warnings.filterwarnings("ignore", message=".*non-interactive.*cannot be shown")
    ch = Channel(nonce)
    sys.stdout = sys.__stdout__ = Stream(ch, 1, "<stdout>")
    sys.stderr = sys.__stderr__ = Stream(ch, 2, "<stderr>")
    kernel = Kernel(ch)
    signal.signal(signal.SIGINT, ch.on_sigint)
    ch.send({"t": "ready", "version": "%d.%d.%d" % sys.version_info[:3]})
    while True:
        msg = ch.receive()
        if msg.get("t") == "run":
            kernel.run(msg["code"])
            ch.send({"t": "done"})


main()
