#!/usr/bin/env python3
"""Every construct of the Python grammar, for the golden tree."""  # a comment

from __future__ import annotations
import os, sys as system
import a.b.c
from . import sibling
from ..pkg.mod import (name as alias, other,)
from ... import up
from os.path import *

x = 1; y = 2;
a = b = c = None
first, *rest = items
(p, q), [r, s] = pairs
count: int = 0
label: str
x += 1; x -= 1; x *= 2; x /= 2; x //= 2; x %= 3; x **= 2; x @= m
x &= 1; x |= 2; x ^= 3; x <<= 1; x >>= 1
numbers = [0, 1_000, 0x_1F, 0o17, 0b1010, 1.5, .5, 1., 1e10, 1.5E-3, 1_0.0_1, 3j, 1.5J, 1e3j]
strings = ['single', "double", '''triple
single''', """triple
double""", r'\d+', b'bytes', u'unicode', R"raw", Rb'\x00', BR"x", rB'x', f'{x!r:>{width}}', rf'{x}\d', FR"{y}"]
implicit = ("adjacent" 'strings'
            f"with {x}" "concatenated")
nested = f"{d["key"]} and {f'{inner}'} and {x:{width}.{precision}}"
multiline = f"""{
    x  # a comment in a field
    + y
}"""
braces = f"{{literal}} {x=} {'}'}"
long = 1 + \
    2
joined = [
    1,
    2,  # trailing comment
]
empty = (), [], {}, set()
one = (1,)
group = (1)
star = [*a, *b], {*a}, {**d, 'k': 1}
ellipsis = ...
print(x, *args, sep='', **kwargs)
obj.attr.method(1)(2)[3]
seq[1:2], seq[::2], seq[1:], seq[:, None], seq[i, j], seq[...]
-x, +x, ~x, not x, x ** -y, -x ** 2
a + b - c * d / e // f % g @ h << i >> j & k | l ^ m
a < b <= c > d >= e == f != g in h not in i is j is not k
a and b or not c and d
value if condition else other if more else last
lambda: 0
lambda x, y=1, *args, z, **kw: x
lambda *, key: key
lambda a, /, b: a
(n := 10)
[y := f(x), y ** 2]
[i for i in range(10)]
[i * j for i in range(3) for j in range(3) if i if j]
{k: v for k, v in items.items()}
{i for i in s}
(i for i in s)
sum(i for i in s)
[i async for i in aiter()]
del x, y[0], z.attr
del (a, b)
assert x, "message"
global g1, g2
nonlocal n1
pass


@decorator
@decorators.with_args(1, key=2)
@(lambda f: f)
@buttons[0].clicked.connect
def function(pos, /, normal, default=1, *args, kwonly, kwdefault=2, **kwargs) -> int:
    """Docstring."""
    return pos


def annotated(a: int, b: str = "s", *args: int, **kwargs: dict[str, int]) -> None: ...


def keyword_only(*, a, b): pass


async def coroutine():
    await something()
    async for item in aiter():
        pass
    async with lock as held, other:
        pass
    result = await gather(*tasks)
    return [x async for x in y]


def generator():
    yield
    yield 1
    yield 1, 2
    x = yield
    yield from other()
    return (yield)


def generic[T, *Ts, **P](x: T) -> T:
    return x


class Empty: pass


class Base(object, metaclass=Meta):
    attribute = 1

    def method(self):
        return self.attribute


class Generic[T: int, *Ts, **P](Base):
    pass


type Alias = int
type ListOf[T] = list[T]

if x:
    pass
elif y:
    pass
else:
    pass

if x: return_value = 1

while x:
    break
else:
    continue

for i in range(10):
    pass
else:
    pass

for a, b in pairs: pass
for x in *a, *b: pass

try:
    pass
except ValueError:
    pass
except (TypeError, KeyError) as error:
    raise
except:
    raise RuntimeError("x") from error
else:
    pass
finally:
    pass

try:
    pass
except* ValueError as group:
    pass

with open(path) as f, open(other) as g:
    pass

with (
    open(path) as f,
    open(other) as g,
):
    pass

with (a, b) as c:
    pass

match command.split():
    case [action]:
        pass
    case [action, obj]:
        pass
    case Point(x=0, y=0):
        pass
    case Point(1, 2, z=3) | Point3D():
        pass
    case {"key": value, **rest}:
        pass
    case [1, 2, *others] if others:
        pass
    case (a, b, *_):
        pass
    case (inner) as outer:
        pass
    case -1 | 1.5 | 1 + 2j | -1 - 2j | "text" "more" | b"bytes" | None | True | False:
        pass
    case Color.RED | mod.Color.GREEN:
        pass
    case str() | bytes():
        pass
    case a, b:
        pass
    case _:
        pass

match = re.match(pattern, text)
match.group(1)
match(x)
case = 1
type = "soft"
print(type(x), match, case, _)
_ = 1
raise
