"""The oracle of matcher's Python oracle test: for each pattern the test
searches with ast_grep, a predicate on python3's own ast decides where the
matches are. Reads a JSON list of file paths on stdin; writes a JSON object
{"matches": {pattern: [[file, first line, last line, in f-string], ...]},
"unparsed": [file, ...]} on stdout, where in f-string is whether the match
is an f-string or lies inside one's field, and unparsed lists the files
ast.parse rejects.

A predicate says what its pattern means under the matcher's semantics: a
metavariable matches one node, $$$ a run, a repeated metavariable the same
tokens, and every child list must match whole (no trailing extras).
"""

import ast
import io
import json
import sys
import tokenize


class Source:
    """A file's text, with its line starts for slicing out a node's source
    (ast positions are UTF-8 byte columns)."""

    def __init__(self, text):
        self.data = text.encode("utf-8")
        self.starts = [0]
        for i, c in enumerate(self.data):
            if c == 10:
                self.starts.append(i + 1)

    def text_at(self, line, col, n):
        a = self.starts[line - 1] + col
        return self.data[a:a + n].decode("utf-8", "replace")

    def segment(self, node):
        a = self.starts[node.lineno - 1] + node.col_offset
        b = self.starts[node.end_lineno - 1] + node.end_col_offset
        return self.data[a:b].decode("utf-8")


def tokens(src, node):
    """The tokens of node's source, comments and line breaks aside."""
    seg = src.segment(node)
    skip = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT,
            tokenize.DEDENT, tokenize.ENDMARKER}
    try:
        return [t.string for t in tokenize.generate_tokens(io.StringIO(seg).readline)
                if t.type not in skip]
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None


def same(src, a, b):
    ta = tokens(src, a)
    return ta is not None and ta == tokens(src, b)


def text(src, node):
    return src.segment(node)


def is_name(node, name=None):
    return isinstance(node, ast.Name) and (name is None or node.id == name)


def call_to(node, name, nargs=None):
    """node is name(...) with nargs arguments: a metavariable matches any
    one argument, keyword arguments and *args included."""
    return (isinstance(node, ast.Call) and is_name(node.func, name)
            and (nargs is None or len(node.args) + len(node.keywords) == nargs))


def method_call(node, attr, nargs):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == attr and len(node.args) + len(node.keywords) == nargs)


def with_parens(s, n):
    """The items of with n are in parentheses, with (a as b): the
    matcher's tree keeps them, ast does not. A parenthesis still open
    after the item's expression, and not closed before its as, holds the
    items; with (a) as b has the expression's own."""
    item = n.items[0]
    a = s.starts[n.lineno - 1] + n.col_offset + 4
    e = s.starts[item.context_expr.end_lineno - 1] + item.context_expr.end_col_offset
    b = s.starts[item.optional_vars.lineno - 1] + item.optional_vars.col_offset
    depth = 0
    for c in s.data[a:e]:
        depth += (c == 40) - (c == 41)
    for c in s.data[e:b]:
        depth -= (c == 41)
    return depth > 0


def parened(s, node):
    """node's source is wrapped in parentheses, if (x is None): ast drops
    them, the matcher's tree keeps a parenthesized_expression."""
    a = s.starts[node.lineno - 1] + node.col_offset
    b = s.starts[node.end_lineno - 1] + node.end_col_offset
    return s.data[:a].rstrip().endswith(b"(") and s.data[b:].lstrip().startswith(b")")


def paren_target(s, n):
    """The target of for n is in parentheses as a whole, for (k, v) in:
    its first ( closes at its end."""
    seg = s.segment(n.target)
    if not seg.startswith("("):
        return False
    depth = 0
    for i, c in enumerate(seg):
        depth += (c == "(") - (c == ")")
        if depth == 0:
            return i == len(seg) - 1
    return False


def plain_args(a):
    """An argument list of positional names only: no defaults, annotations, *args, **kw."""
    return (not a.posonlyargs and not a.vararg and not a.kwonlyargs and not a.kwarg
            and not a.defaults and all(x.annotation is None for x in a.args))


def is_if(src, node):
    """An if statement, not an elif: ast makes an elif an If inside its
    parent's orelse, the matcher's tree an elif_clause."""
    return isinstance(node, ast.If) and src.text_at(node.lineno, node.col_offset, 2) == "if"


def bare(src, outer, inner):
    """inner, a child of outer, is not wrapped in parentheses: ast drops
    them, the matcher's tree keeps a parenthesized_expression."""
    end = src.starts[inner.end_lineno - 1] + inner.end_col_offset
    rest = src.data[end:src.starts[outer.end_lineno - 1] + outer.end_col_offset].lstrip()
    return not rest.startswith(b")")


class Span:
    """The lines of a node the matcher has and ast has not: the innermost
    assignment of a chain, a = b = c being a = (b = c) to the matcher."""

    def __init__(self, first, last):
        self.lineno, self.end_lineno = first, last


def innermost_assign(n):
    """For an Assign, the innermost assignment of its chain: its last
    target and the value; None for anything else."""
    if not isinstance(n, ast.Assign):
        return None
    return n.targets[-1], n.value


def none(node):
    return isinstance(node, ast.Constant) and node.value is None and not isinstance(node.value, bool)


def compare1(node, op):
    return isinstance(node, ast.Compare) and len(node.ops) == 1 and isinstance(node.ops[0], op)


def one_gen(node):
    g = node.generators
    return len(g) == 1 and not g[0].ifs and not g[0].is_async


def self_assign(n):
    ia = innermost_assign(n)
    if ia is None:
        return None
    target, value = ia
    if isinstance(target, ast.Attribute) and is_name(target.value, "self") and is_name(value, target.attr):
        return Span(target.lineno, value.end_lineno)
    return None


def or_assign(s, n):
    ia = innermost_assign(n)
    if ia is None:
        return None
    target, value = ia
    if (isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2
            and not parened(s, value) and same(s, target, value.values[0])):
        return Span(target.lineno, value.end_lineno)
    return None


def f_one_field(s, n):
    """The f-strings among n's tokens that are one field with no
    conversion, format spec or =, double-quoted: f"{x}". ast joins adjacent
    strings into one JoinedStr; the matcher's tree keeps each token, so
    each token is parsed alone."""
    if not isinstance(n, ast.JoinedStr):
        return None
    try:
        toks = list(tokenize.generate_tokens(io.StringIO("(" + text(s, n) + ")").readline))
    except (tokenize.TokenError, SyntaxError):
        return None
    out = []
    for t in toks:
        if t.type != tokenize.STRING or not t.string.startswith('f"') or t.string.startswith('f"""'):
            continue
        e = ast.parse(t.string, mode="eval").body
        if (isinstance(e, ast.JoinedStr) and len(e.values) == 1 and isinstance(e.values[0], ast.FormattedValue)
                and e.values[0].conversion == -1 and e.values[0].format_spec is None):
            out.append(Span(n.lineno + t.start[0] - 1, n.lineno + t.end[0] - 1))
    return out


# Each predicate takes (src, node) and returns a node whose lines are the
# match (the node itself, or for decorators the decorator expression), a
# list of them, or None.
PATTERNS = {
    "isinstance($X, $T)": lambda s, n: n if call_to(n, "isinstance", 2) else None,
    "len($X)": lambda s, n: n if call_to(n, "len", 1) else None,
    "print($$$A)": lambda s, n: n if call_to(n, "print") else None,
    "$X.append($Y)": lambda s, n: n if method_call(n, "append", 1) else None,
    "$D.get($K, $V)": lambda s, n: n if method_call(n, "get", 2) else None,
    '", ".join($X)': lambda s, n: n if (method_call(n, "join", 1) and isinstance(n.func.value, ast.Constant)
                                        and text(s, n.func.value) == '", "') else None,
    "$A.$B.$C": lambda s, n: n if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute)
                                   and bare(s, n, n.value) and not getattr(n, "in_case", False)) else None,
    "with $X as $Y: $$$B": lambda s, n: n if (isinstance(n, ast.With) and len(n.items) == 1
                                              and n.items[0].optional_vars is not None
                                              and not with_parens(s, n)) else None,
    "with open($$$A) as $F: $$$B": lambda s, n: n if (isinstance(n, ast.With) and len(n.items) == 1
                                                      and n.items[0].optional_vars is not None
                                                      and call_to(n.items[0].context_expr, "open")) else None,
    "raise $E from $C": lambda s, n: n if isinstance(n, ast.Raise) and n.exc is not None and n.cause is not None else None,
    "raise $E": lambda s, n: n if isinstance(n, ast.Raise) and n.exc is not None and n.cause is None else None,
    "[$X for $Y in $Z]": lambda s, n: n if isinstance(n, ast.ListComp) and one_gen(n) else None,
    "{$K: $V for $X in $Y}": lambda s, n: n if isinstance(n, ast.DictComp) and one_gen(n) else None,
    "lambda: $X": lambda s, n: n if (isinstance(n, ast.Lambda) and plain_args(n.args) and not n.args.args) else None,
    "lambda $$$A: $B": lambda s, n: n if isinstance(n, ast.Lambda) else None,
    "self.$A = $A": lambda s, n: self_assign(n),
    "$X is None": lambda s, n: n if compare1(n, ast.Is) and none(n.comparators[0]) and text(s, n.comparators[0]) == "None" else None,
    "$X is not None": lambda s, n: n if compare1(n, ast.IsNot) and none(n.comparators[0]) else None,
    "if $X is None: $X = $Y": lambda s, n: n if (is_if(s, n) and not n.orelse and compare1(n.test, ast.Is)
                                                 and not parened(s, n.test)
                                                 and none(n.test.comparators[0]) and len(n.body) == 1
                                                 and isinstance(n.body[0], ast.Assign)
                                                 and same(s, n.body[0].targets[0], n.test.left)) else None,
    "$X = $X or $Y": lambda s, n: or_assign(s, n),
    "if $X is None: $$$B": lambda s, n: n if (is_if(s, n) and not n.orelse and compare1(n.test, ast.Is)
                                              and not parened(s, n.test)
                                              and none(n.test.comparators[0])) else None,
    "def $F(self): $$$B": lambda s, n: n if (isinstance(n, ast.FunctionDef) and plain_args(n.args)
                                             and [a.arg for a in n.args.args] == ["self"] and n.returns is None
                                             and not getattr(n, "type_params", None)) else None,
    "for $K, $V in $X.items(): $$$B": lambda s, n: n if (isinstance(n, ast.For) and not n.orelse
                                                         and isinstance(n.target, ast.Tuple) and len(n.target.elts) == 2
                                                         and not paren_target(s, n)
                                                         and method_call(n.iter, "items", 0)) else None,
    "try:\n    $$$T\nexcept $E:\n    $$$H": lambda s, n: n if (isinstance(n, ast.Try) and len(n.handlers) == 1
                                                            and n.handlers[0].type is not None and n.handlers[0].name is None
                                                            and not n.orelse and not n.finalbody) else None,
    "except $E as $N: $$$B": lambda s, n: n if (isinstance(n, ast.ExceptHandler) and n.type is not None
                                                and n.name is not None and not getattr(n, "star", False)) else None,
    "return $X": lambda s, n: n if isinstance(n, ast.Return) and n.value is not None else None,
    "assert $X, $M": lambda s, n: n if isinstance(n, ast.Assert) and n.msg is not None else None,
    "not $X": lambda s, n: n if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not) else None,
    "$A if $C else $B": lambda s, n: n if isinstance(n, ast.IfExp) else None,
    "$X += 1": lambda s, n: n if (isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add)
                                  and text(s, n.value) == "1") else None,
    "global $$$N": lambda s, n: n if isinstance(n, ast.Global) else None,
    "await $X": lambda s, n: n if isinstance(n, ast.Await) else None,
    "async def $F($$$A): $$$B": lambda s, n: n if isinstance(n, ast.AsyncFunctionDef) and n.returns is None else None,
    "$D.get($K)": lambda s, n: n if method_call(n, "get", 1) else None,
    "repr($X)": lambda s, n: n if call_to(n, "repr", 1) else None,
    "str($X)": lambda s, n: n if call_to(n, "str", 1) else None,
    "type($X).__name__": lambda s, n: n if (isinstance(n, ast.Attribute) and n.attr == "__name__"
                                            and call_to(n.value, "type", 1) and bare(s, n, n.value)) else None,
    "$X.__class__.__name__": lambda s, n: n if (isinstance(n, ast.Attribute) and n.attr == "__name__"
                                                and isinstance(n.value, ast.Attribute)
                                                and n.value.attr == "__class__" and bare(s, n, n.value)) else None,
    'f"{$X}"': f_one_field,
    "@property": None,  # decorators are handled below: they are not nodes of their own in ast
    "@$D": None,
}


def mark(n):
    """Marks what the matcher's tree has differently before the walk
    reaches it: the handlers of try/except*, an except_group_clause that
    except $E does not match, and the dotted names of case patterns,
    dotted_name and not attribute."""
    if isinstance(n, ast.TryStar):
        for h in n.handlers:
            h.star = True
    if isinstance(n, ast.pattern):
        for c in ast.iter_child_nodes(n):
            if isinstance(c, ast.expr):
                for d in ast.walk(c):
                    d.in_case = True


def decorators(n):
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return n.decorator_list
    return []


def walk(tree):
    """Every node, those inside f-strings' fields included, with whether
    it is inside one."""
    todo = [(tree, False)]
    while todo:
        n, inside = todo.pop()
        yield n, inside
        inner = inside or isinstance(n, ast.FormattedValue)
        todo.extend((c, inner) for c in ast.iter_child_nodes(n))


def main():
    files = json.load(sys.stdin)
    out = {p: [] for p in PATTERNS}
    unparsed = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                src = f.read()
            tree = ast.parse(src, path)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            unparsed.append(path)  # Python 2, or test data made to fail
            continue
        src = Source(src)
        for n, inside in walk(tree):
            mark(n)
            for p, pred in PATTERNS.items():
                m = pred(src, n) if pred else None
                for m in (m if isinstance(m, list) else [] if m is None else [m]):
                    out[p].append([path, m.lineno, m.end_lineno, inside or isinstance(n, ast.JoinedStr)])
            for d in decorators(n):
                # A decorator's lines are those of its expression: the @ is on
                # the first of them.
                out["@$D"].append([path, d.lineno, d.end_lineno, False])
                if is_name(d, "property"):
                    out["@property"].append([path, d.lineno, d.end_lineno, False])
    json.dump({"matches": out, "unparsed": unparsed}, sys.stdout)


main()
