#!/usr/bin/env node
"use strict";
const fs = require("fs");
import def, { named as alias } from "./mod.js";
export { def };
export default function () {}
export * as ns from "./other.js";

let a = b / c / d;
let re = /ab+c/gi, re2 = /[/]/, re3 = /\/(?:x)/u;
if (x) /re/.test(s);
function r() { return /x/ }
{}
/re/.exec(s);
y = a++ / 2;
label: for (var i = 0; i < 10; i++) { continue label; }
function asi() {
  return
  x
}
x
++y
let z = q
(1)
const arrow = async (p, { q = 1, ...r }, [s, , t] = []) => { await p; };
const expr = x => x * 2;
const obj = { a, b: 1, [c]: 2, get d() { return 1; }, set d(v) {}, async e() {}, *f() {}, ...g, if: 1, class: 2 };
class K extends (mixin(Base)) {
  #p = 1;
  static s = 2;
  static { K.s++; }
  get p() { return this.#p; }
  static async *gen() { yield* [1, 2]; }
  m() { return #p in this && new.target; }
}
const t = tag`a${b}c${`d${e}f`}g`;
const n = 1_000_000n + 0xFF + 0o7 + 0b1 + 1e10 + .5 + 5.;
x = a?.b?.[c]?.(d) ?? e;
x ||= 1; x &&= 2; x ??= 3; x **= 2;
x = 2 ** -1;
const jsx = <div className="x">{list.map(i => <Item key={i} {...i} />)}</div>;
const frag = <>text</>;
const $ = jQuery, $el = $("#id"), $1 = 1, $$x = 2;
$el.on("click", handler);
$($x).hide();
label2: { break label2; }
var let_ = { let: 1, static: 2, get: 3, set: 4, of: 5, async: 6, await: 7, yield: 8 };
var async = 1, of = 2, get = 3, set = 4, let2 = async + of;
x = function* () { const v = yield; };
x = (a, b) => a, (c);
x = import.meta.url;
x = await import("./dyn.js");
for await (const chunk of stream) {}
