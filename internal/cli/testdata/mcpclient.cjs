// mcpclient drives `agenttools mcp` with the official TypeScript MCP SDK,
// a client we did not write: it lists the tools, calls ast_grep, and
// answers ask_user's elicitation. It prints one JSON object with what it
// saw. Usage: node mcpclient.cjs BINARY DIR (NODE_PATH names the folder
// the SDK is installed in).
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");
const { ElicitRequestSchema } = require("@modelcontextprotocol/sdk/types.js");

async function main() {
const [binary, dir] = process.argv.slice(2);
const client = new Client({ name: "ts-sdk-test", version: "1" }, { capabilities: { elicitation: {} } });
const asked = [];
client.setRequestHandler(ElicitRequestSchema, async (req) => {
  asked.push(req.params);
  return { action: "accept", content: { choice: "SQLite" } };
});
const transport = new StdioClientTransport({ command: binary, args: ["mcp"], cwd: dir, stderr: "inherit" });
await client.connect(transport);
const tools = (await client.listTools()).tools;
const grep = await client.callTool({ name: "ast_grep", arguments: { pattern: "$X.Close()" } });
const ask = await client.callTool({ name: "ask_user", arguments: { question: "Which database?", options: [{ label: "Postgres" }, { label: "SQLite" }] } });
const bad = await client.callTool({ name: "ast_grep", arguments: { pattern: "f.Close(", language: "go" } });
console.log(JSON.stringify({
  tools: tools.map((t) => ({ name: t.name, title: t.title, readOnly: t.annotations?.readOnlyHint, hasOutput: !!t.outputSchema })),
  grep: { isError: !!grep.isError, text: grep.content[0].text, total: grep.structuredContent?.total },
  ask: { isError: !!ask.isError, text: ask.content[0].text, asked: asked.map((p) => p.message) },
  bad: { isError: !!bad.isError },
}));
await client.close();
}

main().catch((e) => { console.error(e); process.exit(1); });
