// A browser-automation server's factory module: its code starts on the line right under its one import. The official
// codemod rewrites that import and puts a blank line after it; the file's own layout stays.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
export async function createServerWithTools(name: string): Promise<Server> {
  return new Server({ name, version: "1.0.0" }, { capabilities: { tools: {}, resources: {} } });
}
