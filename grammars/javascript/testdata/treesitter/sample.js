#!/usr/bin/env node
// A module with one of each construct, for the tree-sitter oracle.
import fs from "fs";
import * as path from "path";
import { readFile, writeFile as write } from "fs/promises";
import def, { named } from "./mod.js";
import "./side-effect.js";
import data from "./data.json" with { type: "json" };

export const answer = 42;
export default function main() {}
export { readFile, write as save };
export * from "./other.js";
export * as ns from "./ns.js";
export default 1 + 2;
export { default as other } from "./other.js";

/* a block comment */
var a = 1, b;
let c = "str\n", d = 'single';
const { e, f: g, ...rest } = { e: 1, f: 2, h: 3 };
const [h, , i = 2, ...tail] = [1, 2, 3];
const { j = 2, k: { l } } = obj;
const re = /ab+c/gi;
const tpl = `sum ${a + 1} and ${b}`;
const num = 0x1f + 1e3 + 10n + .5;
const obj = {
  a,
  b: 2,
  "c": 3,
  [d]: 4,
  method() { return this; },
  get prop() { return 1; },
  set prop(v) {},
  async *gen() { yield* other(); },
  ...rest,
};
const arr = [1, , ...tail];

a = b = 3;
a += 1; a -= 1; a **= 2; a ??= 4; a ||= 5; a &&= 6; a >>>= 1;
a = b + c - d * e / f % g ** h;
a = b << 1 >> 2 >>> 3 & 4 | 5 ^ 6;
a = b && c || d ?? e;
a = b == c != d === e !== f < g > h <= i >= a;
a = b instanceof Object || "x" in obj;
a = !b + -c + +d + ~e + typeof f + void 0;
delete obj.a;
a++; --b;
a = b ? c : d;
a = (b, c);
a = obj?.prop?.[0]?.(1);
a = new Foo(1, 2);
a = new Foo;
a = obj.method().prop[0];
a = import.meta.url;
a = new.target;
a = super_like(...tail);
a = html`tagged ${a}`;
a = await_like;

function declared(x, y = 1, ...zs) {
  "use strict";
  return x + y;
}

function* generator() {
  yield 1;
  yield* [2, 3];
}

async function asyncFn() {
  await Promise.resolve(1);
  for await (const x of gen()) {}
}

const arrow = (x) => x * 2;
const arrow2 = x => ({ x });
const arrow3 = async () => { await 0; };
const fnExpr = function named(a) { return a; };
const genExpr = function* () {};

class Base {}

class Child extends Base {
  static count = 0;
  #secret = 1;
  field;
  constructor(x) {
    super(x);
    this.x = x;
  }
  get value() { return this.#secret; }
  static { Child.count++; }
  @decorator method() {}
  async *[Symbol.iterator]() {}
}

const Anon = class extends Base {};
const Named = class NamedClass {};
@decorator class Decorated {}
const lits = [true, false, null, undefined];

label: for (let j = 0; j < 10; j++) {
  if (j === 2) continue label;
  else if (j === 3) break label;
  else {}
}

for (const k in obj) {}
for (const v of arr) {}
for (k of arr) {}
for (;;) { break; }

while (a) { a--; }
do { a++; } while (a < 10);

switch (a) {
  case 1:
  case 2:
    b = 1;
    break;
  default:
    b = 0;
}

try {
  throw new Error("x");
} catch (err) {
  console.error(err);
} catch_like: {
}

try {} catch {} finally {}

if (a) b(); else c();
;
debugger;
with (obj) { a; }
@decorator export class Exported { @decorator field = 1; }

const el = <div className="x" id={a} {...rest}>
  text &amp; more
  <span>{a + 1}</span>
  <Foo.Bar />
  <ns:tag attr="v" />
  <></>
</div>;
