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


// TypeScript's own constructs.
import type { Kind } from "./kinds";
import { type Other, value } from "./other";
import fsx = require("fs");
import Alias = Namespace.Inner;
export type { Kind };
export = answer;
export as namespace Lib;

let typed: number = 1;
let union: string | number | null = null;
let inter: A & B;
let arr2: number[] = [];
let tuple: [string, number?, ...boolean[]] = ["a"];
let named: [first: string, second?: number];
let fn: (a: number, b?: string) => void;
let ctor: new (x: number) => Foo;
let abstractCtor: abstract new () => object;
let obj2: { a: number; b?: string; readonly c: boolean; [key: string]: unknown; (x: number): string; new (x: number): Foo; method?(): void };
let lit: "a" | 1 | true | -1 | `t${string}`;
let q: typeof obj2;
let k: keyof typeof obj2;
let idx: Foo["bar"];
let cond: T extends string ? "s" : never;
let inferred: T extends Array<infer U extends string> ? U : never;
let mapped: { readonly [P in keyof T]?: T[P] };
let mapped2: { -readonly [P in keyof T as `get${P}`]-?: T[P] };
let ro: readonly string[];
let uniq: unique symbol;
let imp: import("./mod").Type;
let nested: A.B.C<D>;
let thisT: this;
let paren: (string | number)[];
let asserted = value as string;
let sat = value satisfies object;
let nonNull = maybe!;
let cast = <string>value;
let inst = make<string>;
let opt = obj?.a!.b;
let existential: any;

function overload(x: string): string;
function overload(x: number): number;
function overload(x: any) { return x; }

function generic<T extends object = {}, U = T>(x: T, ...rest: U[]): T { return x; }
function guard(x: unknown): x is string { return true; }
function assertion(x: unknown): asserts x is string {}
function assertion2(x: unknown): asserts x {}
function thisParam(this: Window, opt?: number) {}

declare function declared2(x: number): void;
declare const declaredConst: string;
declare module "mod" {
  export const x: number;
}
declare global {
  interface Window { extra: string }
}

namespace Namespace {
  export namespace Inner {}
}
module Legacy.Dotted {}

interface Shape<T = any> extends Base, Other<T> {
  readonly id: number;
  name?: string;
  area(): number;
  new (x: number): Shape;
  (call: string): void;
  [index: number]: string;
  get prop(): string;
  set prop(v: string);
}

type Point = { x: number; y: number };
type Fn<T> = (x: T) => T;
type Keys = keyof Point;
type Tpl = `prefix-${string}`;

enum Color { Red, Green = 2, "Blue" = 3 }
const enum Flags { A = 1 << 0, B = A | 2 }

abstract class Animal<T> extends Base<T> implements Shape, Other {
  private readonly legs: number = 4;
  protected static count?: number;
  public declare name: string;
  override value!: string;
  accessor acc = 1;
  abstract speak(): void;
  abstract get sound(): string;
  constructor(public readonly id: number, private name2?: string) {
    super();
  }
  @decorator() method<U>(x: U): U { return x; }
  [key: string]: any;
}

class Impl implements Shape {}

try {} catch (e: unknown) {}

for (const [key, val] of Object.entries(obj)) {}
const f2 = async <T,>(x: T): Promise<T> => x;
const f3 = (x): x is string => true;
const { a: aa = 1 } = obj;
const called = make<string>(1);
const made = new Map<string, number>();
const fe = function <T>(x: T): T { return x; };
let gfn: <T>(x: T) => T;
let genCtor: new <T>(x: T) => T;
interface Generic2 {
  <T>(x: T): T;
  new <T>(x: T): Generic2;
  method<T>(x: T): T;
}
declare function sig<T>(x: T): T;
const ClassExpr = class <T> {};
class Injected {
  @field() prop: string;
  constructor(@inject() dep: string, @inject() opt?: number) {}
}
@decorator abstract class Decorated2 {}
export default 1 + 2;
@decorator export class Exported2 {}
with (obj) { a; }
