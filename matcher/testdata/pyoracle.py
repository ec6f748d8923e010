"""The oracle of matcher's Python oracle test: for each pattern the test
searches with ast_grep, a predicate on python3's own ast decides where the
matches are. Reads a JSON list of file paths on stdin; writes a JSON object
{pattern: [[file, first line, last line], ...]} on stdout.

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
    """node is name(...) with nargs positional arguments and no keywords."""
    return (isinstance(node, ast.Call) and is_name(node.func, name)
            and (nargs is None or (len(node.args) == nargs and not node.keywords)))


def method_call(node, attr, nargs):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr == attr and len(node.args) == nargs and not node.keywords)


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
            and same(s, target, value.values[0])):
        return Span(target.lineno, value.end_lineno)
    return None


# Each predicate takes (src, node) and returns a node whose lines are the
# match (the node itself, or for decorators the decorator expression), or
# None.
PATTERNS = {
    "isinstance($X, $T)": lambda s, n: n if call_to(n, "isinstance", 2) else None,
    "len($X)": lambda s, n: n if call_to(n, "len", 1) else None,
    "print($$$A)": lambda s, n: n if call_to(n, "print") else None,
    "$X.append($Y)": lambda s, n: n if method_call(n, "append", 1) else None,
    "$D.get($K, $V)": lambda s, n: n if method_call(n, "get", 2) else None,
    '", ".join($X)': lambda s, n: n if (method_call(n, "join", 1) and isinstance(n.func.value, ast.Constant)
                                        and text(s, n.func.value) == '", "') else None,
    "$A.$B.$C": lambda s, n: n if (isinstance(n, ast.Attribute) and isinstance(n.value, ast.Attribute)
                                   and bare(s, n, n.value)) else None,
    "with $X as $Y: $$$B": lambda s, n: n if (isinstance(n, ast.With) and len(n.items) == 1
                                              and n.items[0].optional_vars is not None) else None,
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
                                                 and none(n.test.comparators[0]) and len(n.body) == 1
                                                 and isinstance(n.body[0], ast.Assign)
                                                 and same(s, n.body[0].targets[0], n.test.left)) else None,
    "$X = $X or $Y": lambda s, n: or_assign(s, n),
    "if $X is None: $$$B": lambda s, n: n if (is_if(s, n) and not n.orelse and compare1(n.test, ast.Is)
                                              and none(n.test.comparators[0])) else None,
    "def $F(self): $$$B": lambda s, n: n if (isinstance(n, ast.FunctionDef) and plain_args(n.args)
                                             and [a.arg for a in n.args.args] == ["self"] and n.returns is None
                                             and not getattr(n, "type_params", None)) else None,
    "for $K, $V in $X.items(): $$$B": lambda s, n: n if (isinstance(n, ast.For) and not n.orelse
                                                         and isinstance(n.target, ast.Tuple) and len(n.target.elts) == 2
                                                         and method_call(n.iter, "items", 0)) else None,
    "try:\n    $$$T\nexcept $E:\n    $$$H": lambda s, n: n if (isinstance(n, ast.Try) and len(n.handlers) == 1
                                                            and n.handlers[0].type is not None and n.handlers[0].name is None
                                                            and not n.orelse and not n.finalbody) else None,
    "except $E as $N: $$$B": lambda s, n: n if isinstance(n, ast.ExceptHandler) and n.type is not None and n.name is not None else None,
    "return $X": lambda s, n: n if isinstance(n, ast.Return) and n.value is not None else None,
    "assert $X, $M": lambda s, n: n if isinstance(n, ast.Assert) and n.msg is not None else None,
    "not $X": lambda s, n: n if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.Not) else None,
    "$A if $C else $B": lambda s, n: n if isinstance(n, ast.IfExp) else None,
    "$X += 1": lambda s, n: n if (isinstance(n, ast.AugAssign) and isinstance(n.op, ast.Add)
                                  and text(s, n.value) == "1") else None,
    "global $$$N": lambda s, n: n if isinstance(n, ast.Global) else None,
    "await $X": lambda s, n: n if isinstance(n, ast.Await) else None,
    "async def $F($$$A): $$$B": lambda s, n: n if isinstance(n, ast.AsyncFunctionDef) and n.returns is None else None,
    "@property": None,  # decorators are handled below: they are not nodes of their own in ast
    "@$D": None,
}


def decorators(n):
    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return n.decorator_list
    return []


def walk(tree):
    """Every node, but none inside an f-string: the matcher reads an
    f-string as one token, as Python's tokenizer does."""
    todo = [tree]
    while todo:
        n = todo.pop()
        yield n
        if not isinstance(n, ast.JoinedStr):
            todo.extend(ast.iter_child_nodes(n))


def main():
    files = json.load(sys.stdin)
    out = {p: [] for p in PATTERNS}
    for path in files:
        with open(path, encoding="utf-8") as f:
            src = f.read()
        tree = ast.parse(src, path)
        src = Source(src)
        for n in walk(tree):
            for p, pred in PATTERNS.items():
                m = pred(src, n) if pred else None
                if m is not None:
                    out[p].append([path, m.lineno, m.end_lineno])
            for d in decorators(n):
                # A decorator's lines are those of its expression: the @ is on
                # the first of them.
                out["@$D"].append([path, d.lineno, d.end_lineno])
                if is_name(d, "property"):
                    out["@property"].append([path, d.lineno, d.end_lineno])
    json.dump(out, sys.stdout)


main()
