"""The oracle of matcher's Python kind-rule test (python_kindrule_test.go):
for each kind-based ast-grep rule the test runs, a predicate on python3's
own ast says which nodes the rule matches. Reads a JSON object
{"files": [path, ...], "fstring_is_string": bool} on stdin, where the flag
says whether the rules' kind string takes f-strings too; writes
{"matches": {name: [[file, start, end], ...]}, "unparsed": [file, ...]}
on stdout, start and end being byte offsets into the file (end
exclusive), and unparsed the files ast.parse rejects.

The predicates follow the matcher's tree, which is shaped like
tree-sitter's, where it differs from ast: an elif is an elif_clause of
its if, not an If in the orelse; parentheses are a node
(parenthesized_expression) that ast drops; adjacent string literals are a
concatenated_string; a decorated def is inside a decorated_definition.
"""

import ast
import io
import json
import sys
import tokenize


class Source:
    """A file's bytes with its line starts, to turn ast's positions (a
    line and a UTF-8 byte column) into byte offsets."""

    def __init__(self, data):
        self.data = data
        self.bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
        self.starts = [0]
        for i, c in enumerate(data):
            if c == 10:
                self.starts.append(i + 1)

    def offset(self, line, col):
        return self.starts[line - 1] + col + (self.bom if line == 1 else 0)

    def span(self, n):
        return self.offset(n.lineno, n.col_offset), self.offset(n.end_lineno, n.end_col_offset)

    def segment(self, n):
        a, b = self.span(n)
        return self.data[a:b].decode("utf-8", "replace")


FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)


def is_if(s, n):
    """An if statement, not an elif, which ast makes an If in its
    parent's orelse."""
    return isinstance(n, ast.If) and s.data[s.offset(n.lineno, n.col_offset):].startswith(b"if")


def if_no_else(s, n):
    """An if whose chain of elifs ends with no else: the matcher's
    if_statement holds its elif_clauses and else_clause."""
    if not is_if(s, n):
        return False
    while len(n.orelse) == 1 and isinstance(n.orelse[0], ast.If) and not is_if(s, n.orelse[0]):
        n = n.orelse[0]
    return not n.orelse


def has_return(n, nested):
    """A return below def n; under nested defs too when nested."""
    todo = list(ast.iter_child_nodes(n))
    while todo:
        c = todo.pop()
        if isinstance(c, ast.Return):
            return True
        if isinstance(c, FUNCS) and not nested:
            continue
        todo.extend(ast.iter_child_nodes(c))
    return False


def ancestors(n):
    p = getattr(n, "parent", None)
    while p is not None:
        yield p
        p = getattr(p, "parent", None)


def parened(s, n):
    """n's source is wrapped in parentheses, which ast drops and the
    matcher's tree keeps as a parenthesized_expression."""
    a, b = s.span(n)
    return s.data[:a].rstrip().endswith(b"(") and s.data[b:].lstrip().startswith(b")")


def one_string(s, n):
    """n is one string token: adjacent ones are a concatenated_string
    to the matcher, one Constant or JoinedStr to ast."""
    strings = 0
    try:
        for t in tokenize.generate_tokens(io.StringIO(s.segment(n)).readline):
            if t.type == tokenize.STRING or tokenize.tok_name[t.type] == "FSTRING_START":
                strings += 1
    except (tokenize.TokenError, SyntaxError):
        return False
    return strings == 1


def is_string(n, fstrings):
    if isinstance(n, ast.Constant):
        return isinstance(n.value, (str, bytes))
    return fstrings and isinstance(n, ast.JoinedStr)


def arguments(p):
    """The arguments of call or class p in source order, as the
    matcher's argument_list holds them, keyword ones included; none for a
    call whose one argument is a generator expression, which may stand
    in the call's parentheses with no argument_list, and is no Name or
    string either way."""
    if isinstance(p, ast.Call):
        args = p.args + p.keywords
        if len(args) == 1 and isinstance(args[0], ast.GeneratorExp):
            return []
    elif isinstance(p, ast.ClassDef):
        args = p.bases + p.keywords
    else:
        return []
    return sorted(args, key=lambda a: (a.lineno, a.col_offset))


def own_parens(s, n, args):
    """Argument n, one of args, is wrapped in parentheses of its own:
    the first argument's ( and the last one's ) are the list's."""
    a, b = s.span(n)
    before, after = s.data[:a].rstrip(), s.data[b:].lstrip()
    if args[0] is n:
        before = before[:-1].rstrip()
    if args[-1] is n and after.startswith(b")"):
        after = after[1:].lstrip()
    return before.endswith(b"(") and after.startswith(b")")


def in_arguments(s, n):
    """n is an argument of the call or class that is its parent, not in
    parentheses of its own."""
    p = getattr(n, "parent", None)
    if p is None:
        return False
    args = arguments(p)
    return any(a is n for a in args) and not own_parens(s, n, args)


def stmt_list(n):
    """The statement list n is in, and its index there, or (None, -1)."""
    p = getattr(n, "parent", None)
    if p is None:
        return None, -1
    for field in ("body", "orelse", "finalbody"):
        lst = getattr(p, field, None)
        if isinstance(lst, list):
            for i, c in enumerate(lst):
                if c is n:
                    return lst, i
    return None, -1


def return_after_if(s, n):
    if not isinstance(n, ast.Return):
        return False
    lst, i = stmt_list(n)
    return lst is not None and any(is_if(s, c) for c in lst[:i])


def if_then_return(s, n):
    if not is_if(s, n):
        return False
    lst, i = stmt_list(n)
    return lst is not None and i + 1 < len(lst) and isinstance(lst[i + 1], ast.Return)


def class_with_init(n):
    return isinstance(n, ast.ClassDef) and any(
        isinstance(c, ast.FunctionDef) and c.name == "__init__" and not c.decorator_list for c in n.body)


FSTRINGS = False

# Each predicate takes (source, node) and says whether the rule of the
# same name matches node.
PREDICATES = {
    # kind: function_definition, has: {kind: return_statement, stopBy: end}
    "funcReturns": lambda s, n: isinstance(n, FUNCS) and has_return(n, True),
    # ... stopBy: {kind: function_definition}
    "funcReturnsOwn": lambda s, n: isinstance(n, FUNCS) and has_return(n, False),
    # kind: if_statement, not: {has: {kind: else_clause}}
    "ifNoElse": if_no_else,
    # kind: call, has: {kind: attribute, nthChild: 1}
    "attributeCall": lambda s, n: (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                                   and not parened(s, n.func)),
    # kind: call, has: {field: function, kind: attribute}
    "attributeCallField": lambda s, n: (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
                                        and not parened(s, n.func)),
    # kind: if_statement, has: {field: alternative, kind: elif_clause}
    "ifElif": lambda s, n: (is_if(s, n) and len(n.orelse) == 1 and isinstance(n.orelse[0], ast.If)
                            and not is_if(s, n.orelse[0])),
    # kind: for_statement, inside: {kind: function_definition, stopBy: end}
    "forInFunc": lambda s, n: (isinstance(n, (ast.For, ast.AsyncFor))
                               and any(isinstance(a, FUNCS) for a in ancestors(n))),
    # kind: string, inside: {kind: argument_list}
    "stringArg": lambda s, n: is_string(n, FSTRINGS) and in_arguments(s, n) and one_string(s, n),
    # kind: function_definition, inside: {kind: function_definition, stopBy: end}
    "nestedFunc": lambda s, n: isinstance(n, FUNCS) and any(isinstance(a, FUNCS) for a in ancestors(n)),
    # a decorated def right in a class body
    "decoratedMethod": lambda s, n: (isinstance(n, FUNCS) and bool(n.decorator_list)
                                     and isinstance(getattr(n, "parent", None), ast.ClassDef)),
    # kind: identifier, nthChild: 2, inside: {kind: argument_list}
    "secondArgName": lambda s, n: (isinstance(n, ast.Name) and in_arguments(s, n)
                                   and arguments(n.parent).index(n) == 1),
    # kind: return_statement, follows: {kind: if_statement, stopBy: end}
    "returnAfterIf": return_after_if,
    # kind: if_statement, precedes: {kind: return_statement}
    "ifThenReturn": if_then_return,
    # kind: function_definition, regex: '^def test_'
    "testFunc": lambda s, n: isinstance(n, ast.FunctionDef) and n.name.startswith("test_"),
    # a class with a def __init__ of its own, not decorated
    "classWithInit": lambda s, n: class_with_init(n),
}


def walk(tree):
    """Every node, with its parent set."""
    todo = [tree]
    while todo:
        n = todo.pop()
        yield n
        for c in ast.iter_child_nodes(n):
            c.parent = n
            todo.append(c)


def main():
    global FSTRINGS
    req = json.load(sys.stdin)
    FSTRINGS = req.get("fstring_is_string", False)
    out = {name: [] for name in PREDICATES}
    unparsed = []
    for path in req["files"]:
        with open(path, "rb") as f:
            data = f.read()
        try:
            tree = ast.parse(data.decode("utf-8"), path)
        except (SyntaxError, UnicodeDecodeError, ValueError):
            unparsed.append(path)  # Python 2, or test data made to fail
            continue
        s = Source(data)
        for n in walk(tree):
            if not hasattr(n, "lineno"):
                continue
            for name, pred in PREDICATES.items():
                if pred(s, n):
                    a, b = s.span(n)
                    out[name].append([path, a, b])
    json.dump({"matches": out, "unparsed": unparsed}, sys.stdout)


main()
