"""A module with one of each construct, for the tree-sitter oracle."""

from __future__ import annotations

import os
import os.path as osp, sys
from . import sibling
from ..pkg.mod import name as alias, other
from collections import *
from typing import (
    Any,
    Generic,
)

CONST: int = 1
x = y = 2
a, b = 1, 2
[c, d] = [3, 4]
(e, f) = (5, 6)
first, *rest = range(10)
x += 1
x -= 1
x **= 2
x //= 3
x @= x
x |= 4
n = -x + +x - ~x
m = x ** 2 * 3 / 4 // 5 % 6 @ x
bits = x << 1 >> 2 & 3 | 4 ^ 5
ok = not x and y or a
cmp = a < b <= c != d == e > f >= x
mem = a in rest and b not in rest and a is None and b is not None
cond = a if b else c
lam = lambda p, q=1, *args, r, **kw: p + q
lam0 = lambda: 0
call = print("x", *rest, sep="", **{})
attr = os.path.join
sub = rest[0]
sl = rest[1:2]
sl2 = rest[::2]
sl3 = rest[1:2, ::3]
t = ()
t1 = (1,)
lst = [1, *rest, 3]
st = {1, 2}
dc = {"a": 1, **{}, "b": 2}
lc = [i * 2 for i in rest if i > 1 if i < 5 for j in rest]
sc = {i for i in rest}
dcomp = {i: i for i in rest}
gen = (i for i in rest)
gcall = sum(i for i in rest)
walrus = (w := 10)
fs = f"value {x!r:>10} and {y:{n}} {{}}"
fs2 = f"{x=}"
bs = b"bytes"
raw = r"\d"
cat = "a" "b"
esc = "tab\there"
num = 1.5e3 + 0x1F + 1j + 0o7
ell = ...
no = None
tr = True
fa = False
par = (x)


@decorator
@decorator.attr(1)
def function(a, b: int, c=1, d: str = "d", *args, e, f=2, **kwargs) -> int:
    """Docstring."""
    global CONST
    pass
    return a


def positional(a, /, b, *, c):
    def inner():
        nonlocal a
        a = 1
    yield a
    yield from range(3)
    x = yield


async def coroutine(session):
    async with session.get("u") as resp, other() as (p, q):
        await resp.read()
    async for item in session:
        pass
    result = await session.close()
    return [i async for i in session]


class Base:
    pass


class Child(Base, metaclass=type):
    attr: int = 0

    def method(self) -> None:
        super().method()

    @property
    def prop(self):
        return self.attr


class Generic[T](Base):
    pass


def generic[T, *Ts, **P](x: T) -> T:
    return x


type Alias = list[int]
type Pair[K, V] = tuple[K, V]
type Member = os.PathLike


def constrained[T: (int, str), U: Base](x: T, path: os.PathLike) -> T:
    total = 1 + \
        2  # a comment
    return [*(x), total]


def statements(items: list[int] | None, opt: "Base" = None):
    if items:
        pass
    elif opt:
        pass
    elif not items:
        pass
    else:
        pass
    for i, item in enumerate(items):
        if i:
            continue
        break
    else:
        pass
    while items:
        items.pop()
    else:
        pass
    try:
        raise ValueError("x") from None
    except ValueError as err:
        raise
    except (TypeError, KeyError):
        pass
    except* OSError:
        pass
    else:
        pass
    finally:
        pass
    with open("f") as fh, open("g"):
        pass
    with (open("f") as fh2):
        pass
    assert items, "message"
    assert items
    del items[0], opt
    print(items, file=sys.stderr)
    return items, opt


def matching(command):
    match command:
        case []:
            pass
        case [x, y, *others]:
            pass
        case {"key": value, **kw}:
            pass
        case Point(x=0, y=yy) | Point(1, 2):
            pass
        case (1 | 2) as num if num > 0:
            pass
        case "s" | -1 | 1.5 | 1 + 2j | None | True:
            pass
        case str() | bytes():
            pass
        case os.sep:
            pass
        case _:
            pass
