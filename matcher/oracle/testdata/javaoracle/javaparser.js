// javaparser.js is the second judge of the Java corpus: java-parser, the
// parser of prettier-plugin-java, which reads Java past the 17 that the
// first judge, javac 17, reads. internal/javac asks it of the files javac 17
// rejects.
//
//	node javaparser.js NODE_MODULES < paths > verdicts
//
// NODE_MODULES is the folder that holds the java-parser package (an ES
// module, which NODE_PATH does not reach). Each line of the input is a
// file's path; each line of the output is {"file", "ok", "line", "msg"}
// for it, in the input's order: ok when java-parser's parse reads the
// file as a compilation unit, else the line of its first error (0 when
// there is none to give) and its message's first line.
import { createInterface } from "node:readline";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

if (process.argv.length !== 3) {
  process.stderr.write("usage: node javaparser.js NODE_MODULES < paths\n");
  process.exit(2);
}
const { parse } = await import(
  pathToFileURL(join(process.argv[2], "java-parser", "src", "index.js")).href
);

// Both of java-parser's errors say where: "... detected in line: N, ...".
const lineOf = /line: (\d+)/;

for await (const file of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  if (file === "") {
    continue;
  }
  const verdict = { file, ok: true, line: 0, msg: "" };
  try {
    parse(readFileSync(file, "utf8"));
  } catch (e) {
    const msg = String(e && e.message ? e.message : e);
    const m = lineOf.exec(msg);
    verdict.ok = false;
    verdict.line = m ? Number(m[1]) : 0;
    // the first line says where, the second what
    verdict.msg = msg.split("\n").slice(0, 2).join(" ").slice(0, 300);
  }
  process.stdout.write(JSON.stringify(verdict) + "\n");
}
