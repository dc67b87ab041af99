import { defineRoute } from "@/lib/http/with-api";
import { getProtocolOrThrow } from "@/lib/protocols/get-protocol-or-throw";
import { protocolParamsSchema } from "@/lib/schemas/protocols";

// GET /protocols/:id – one protocol version
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/protocols/:id", {
  GET: {
    auth: "public",
    handler: async ({ params, caller, services, cached }) => {
      const { id } = protocolParamsSchema.parse(params);
      return cached(() => getProtocolOrThrow({ db: services.db, environment: caller.environment, id }));
    },
  },
});
