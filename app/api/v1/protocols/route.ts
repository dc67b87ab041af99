import { defineRoute } from "@/lib/http/with-api";
import { listProtocols } from "@/lib/protocols/list-protocols";
import { listProtocolsQuerySchema } from "@/lib/schemas/protocols";

// GET /protocols – every protocol version of the caller's environment, optionally on one chain
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/protocols", {
  GET: {
    auth: "public",
    parsesQuery: true,
    handler: async ({ query, caller, services, cached }) => {
      const { chainId } = listProtocolsQuerySchema.parse(query);
      return cached(() => listProtocols({ db: services.db, environment: caller.environment, chainId }));
    },
  },
});
