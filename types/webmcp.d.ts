// WebMCP (https://github.com/webmachinelearning/webmcp), as Chromium 156
// offers it behind its WebMCP feature: what the site (src/webmcp) and its
// tests use of `document.modelContext`.
type ModelContextToolResult = {
  content: {type: 'text'; text: string}[];
  isError?: boolean;
};

interface ModelContextTool {
  name: string;
  description: string;
  inputSchema: object;
  annotations?: {readOnlyHint?: boolean};
  execute: (input: Record<string, unknown>) => Promise<ModelContextToolResult>;
}

/** A tool as the browser lists it to an agent. */
interface RegisteredModelContextTool {
  name: string;
  description: string;
  inputSchema?: object;
}

interface ModelContext {
  registerTool(tool: ModelContextTool): Promise<void>;
  getTools(): Promise<RegisteredModelContextTool[]>;
  /** Runs `tool` with `input`; resolves to its result as JSON text. */
  executeTool(tool: RegisteredModelContextTool, input: object): Promise<string>;
}

interface Document {
  modelContext?: ModelContext;
}
