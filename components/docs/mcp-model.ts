import { DOCS_PATH, type DocsModel, type FieldRow, type TypePart } from "./openapi-model";

// What the reference's MCP page renders: each tool of the MCP server with its arguments and its
// result, read from the same OpenAPI model as the operations it runs as, so that an argument or a
// type reads the same on both pages and links to the same schema.

export const MCP_DOCS_PATH = `${DOCS_PATH}/mcp`;

/** The MCP page's sections, in order: their heading ids, and the entries of the reference's contents. */
export const mcpSections = [
  { id: "mcp-connect", title: "Adding Yieldgrid to a client" },
  { id: "mcp-calls", title: "How calls are answered" },
  { id: "mcp-tools", title: "Tools" },
] as const;

/** A tool as the server lists it, in plain data (lib/api/mcp/tools.ts). */
export interface McpToolListing {
  name: string;
  title: string;
  /** The operation the tool runs as. */
  method: string;
  path: string;
  /** An array answer is the structured content's one property of this name; null: the answer as it is. */
  arrayProperty: string | null;
}

export interface McpToolDoc {
  name: string;
  anchor: string;
  title: string;
  description: string;
  /** Path parameters, query and body fields, as the one object of arguments the tool takes. */
  arguments: FieldRow[];
  /** The structured content's type. */
  result: TypePart[];
  operation: { method: string; path: string; href: string };
}

export const toolAnchor = (name: string) => `tool-${name}`;

/** Each listed tool with the arguments and result of its operation in `model`. */
export function readMcpTools(tools: readonly McpToolListing[], model: DocsModel): McpToolDoc[] {
  return tools.map((tool) => {
    const operation = model.operations.find((o) => o.method === tool.method && o.path === tool.path);
    if (!operation) throw new Error(`the tool ${tool.name} runs ${tool.method} ${tool.path}, which the document does not have`);
    const answer = operation.responses.find((r) => r.status === "200")?.schema ?? [];
    return {
      name: tool.name,
      anchor: toolAnchor(tool.name),
      title: tool.title,
      description: operation.description,
      // Headers and cookies are the transport's business (the key goes in a header of every request).
      arguments: [...operation.parameters.filter((p) => p.in === "path" || p.in === "query"), ...(operation.body?.fields ?? [])],
      result: tool.arrayProperty ? [`{ ${tool.arrayProperty}: `, ...answer, " }"] : answer,
      operation: { method: operation.method, path: operation.path, href: operation.href },
    };
  });
}
