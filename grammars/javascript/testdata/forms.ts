#!/usr/bin/env node
// Modules: every import and export form.
import "./side-effect";
import def from "./a";
import * as ns from "./b";
import { a, b as c, type D, default as e, "string name" as f } from "./c";
import def2, { g } from "./d";
import def3, * as ns2 from "./e";
import type { T1 } from "./types";
import type T2 from "./types";
import type * as T3 from "./types";
import json from "./data.json" with { type: "json" };
import legacy from "./data.json" assert { type: "json" };
import fs = require("fs");
import Alias = ns.inner.Thing;
export { a, c as cc };
export { x as default, y as "other name" } from "./f";
export * from "./g";
export * as nsg from "./g";
export type { T1 };
export type * from "./types";
export const one = 1, two = 2;
export default class {}
export import Reexported = ns.inner;
export as namespace MyLib;
export declare function declared(x: number): string;
export abstract class Shape {
  abstract area(): number;
  protected abstract readonly sides: number;
}

// Declarations.
declare global {
  interface Window { myGlobal: string }
}
declare module "ambient" {
  export function f(): void;
}
declare module "shorthand";
declare namespace NS.Inner {
  const v: number;
}
namespace Outer {
  export namespace Inner { export type X = 1 }
}
module Legacy {}
declare const declaredConst: unique symbol;
declare let declaredLet: string;
declare var declaredVar: any;
declare class DeclaredClass<T> {
  constructor(x: T);
  method(): void;
  get prop(): T;
  set prop(v: T);
  static s: number;
}
enum Color { Red, Green = "g", Blue = 1 << 2, }
const enum Flags { A = 1, B = A | 2 }
declare enum DeclaredEnum { X }

// Interfaces and type aliases.
interface Point<T = number> extends Base, Other<T> {
  readonly x: T;
  y?: T;
  (arg: string): void;
  new (arg: string): Point;
  method<U>(u: U): T;
  optionalMethod?(): void;
  [key: string]: unknown;
  readonly [index: number]: T;
  get accessor(): string;
  set accessor(v: string);
}
type Union = | "a" | "b" | -1 | 0n | true | null | undefined;
type Inter = & A & B;
type Cond<T> = T extends string ? "s" : T extends (infer U extends number)[] ? U : never;
type InferCond<T> = T extends [infer H extends string, ...infer R] ? H : never;
type Mapped<T> = { -readonly [K in keyof T as `get${Capitalize<string & K>}`]-?: () => T[K] };
type Plus<T> = { +readonly [K in keyof T]+?: T[K] };
type Tpl = `prefix-${string}-suffix`;
type Indexed = Point["x"];
type Query = typeof import("./a");
type Query2 = typeof ns.inner.value<string>;
type Keys = keyof typeof obj;
type Tuple = [name: string, age?: number, ...rest: boolean[]];
type Tuple2 = [string, number?, ...boolean[]];
type Fn = <T>(this: Window, a: T, ...rest: T[]) => asserts a is T;
type Ctor = new (...args: any[]) => object;
type AbstractCtor = abstract new () => object;
type Imported = import("./module").Type<string>;
type ReadonlyArr = readonly string[];
type Obj = { a: string, b: number; c(): void };
type Paren = (string | number)[];
type Generic<in out T, const U extends readonly unknown[] = []> = T;
type ThisType = { m(): this };
type Pred = (x: unknown) => x is string;
type Asserts = (x: unknown) => asserts x;

// Functions.
function overload(a: string): string;
function overload(a: number): number;
function overload(a: any): any { return a; }
function withThis(this: Window, a?: number, b = 2, ...c: number[]): void {}
function* gen(): Generator<number> { yield 1; yield* other(); const y = yield; }
async function asyncFn(): Promise<void> { await x; for await (const v of stream) {} }
async function* asyncGen() { yield await x; }
function destructure({ a, b: [c, d = 1], ...rest }: Obj, [e, , f] = []) {}
function isString(x: unknown): x is string { return typeof x === "string"; }
function assertIsString(x: unknown): asserts x is string {}
function assertsThis(this: Foo): asserts this {}

// Classes.
@sealed
@ns.decorator()
@(factory())
class Full<T> extends Base<T> implements I1, I2 {
  #priv = 1;
  static #spriv: number;
  declare declared: string;
  readonly ro = 1;
  optional?: string;
  definite!: number;
  static count = 0;
  accessor acc = 1;
  override over = 2;
  [key: string]: any;
  static {
    Full.count = 1;
  }
  constructor(private readonly x: string, public y?: number, @inject() protected z = 1) {
    super();
  }
  get value(): number { return this.#priv; }
  set value(v: number) { this.#priv = v; }
  static async *gen() {}
  @log method<U>(this: Full<T>, @param arg: U): U { return arg; }
  overloaded(): void;
  overloaded(x?: number): void {}
  ["computed" + key]() {}
  [Symbol.iterator]() {}
  has(o: object) { return #priv in o; }
  'quoted'() {}
  42() {}
  async = 1;
  get = 2;
  static = 3;
  arrow = () => this.x;
}
export @dec class AfterExport {}
@dec export class BeforeExport {}
const ClassExpr = class Named<T> {};
abstract class Abs { abstract m(): void; protected abstract get p(): number; }

// Statements.
label: for (let i = 0, n = 10; i < n; i++) {
  if (i % 2) continue label;
  else if (i > 5) break label;
  else { }
}
for (const key in obj) {}
for (let [k, v] of map) {}
for (;;) { break; }
while (x) x--;
do { x++ } while (x < 10)
switch (x) {
  case 1:
  case 2: f(); break;
  default: g();
}
try { risky(); } catch (e: unknown) { handle(e); } finally { cleanup(); }
try { risky(); } catch { }
throw new Error("x");
with (obj) {}
debugger;
;
{ using res = getResource(); }
async function usingAwait() { await using res = getAsync(); }
let definiteLet!: string;
var a1, b1 = 2, c1;

// Expressions.
a?.b?.[c]?.(d);
a ?? b;
a ??= b; a ||= b; a &&= b; a **= 2;
x = 2 ** 3 ** 2;
x = -y;
x = typeof y === "undefined" ? void 0 : delete y.z;
x = new.target;
x = import.meta.url;
x = await import("./dyn");
x = tag`a${b}c${`nested ${d}`}e`;
x = (a, b, c);
x = { a, b: 1, [c]: 2, get d() { return 1 }, set d(v) {}, async e() {}, *f() {}, async *g() {}, ...h, "s": 1, 1: 2 };
x = [1, , 2, ...rest];
x = 1_000_000n + 0x1F + 0o17 + 0b1010 + 1e-7 + .5;
x = /[/]\/(?<name>x)/giu;
x = f<string>(y);
x = new Map<string, number>();
x = obj as unknown as T;
x = obj satisfies T;
x = <T>obj;
x = obj!;
x = y!.z;
x = (a: number): string => String(a);
x = async <T,>(a: T) => a;
x = function* () {};
x = async function named() {};
x = instantiate<string>;
x = a < b && c > d;
x = `${{ a: 1 }.a}`;
x = "\u{1F600}\x41\n\t\\\'";
x = 'single';
var \u0061bc = 1;
let let_ = { let: 1, of: 2, get: 3, set: 4, static: 5, type: 6, as: 7, from: 8, declare: 9, namespace: 10, module: 11, abstract: 12, readonly: 13, keyof: 14 };
let async = 1, of = 2, type = 3, from = 4, declare = 5, abstract = 6, readonly = 7, keyof = 8, namespace = 9, module = 10, global = 11;
x = obj.if.class.new.function.default;
x = $ + $el + $1 + $$x + _;
