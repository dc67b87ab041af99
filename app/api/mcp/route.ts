import { apiEndpoints } from "@/lib/api/endpoints";
import { mcpRoutes } from "@/lib/api/mcp/route";

// The MCP server: the registry's public reads as tools, over stateless Streamable HTTP (lib/api/mcp).
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = mcpRoutes(apiEndpoints);
