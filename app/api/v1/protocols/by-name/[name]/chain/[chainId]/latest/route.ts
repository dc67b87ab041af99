import { defineRoute } from "@/lib/http/with-api";
import { latestVersionOf, listProtocolVersions } from "@/lib/protocols/list-protocol-versions";
import { protocolByNameParamsSchema } from "@/lib/schemas/protocols";

// GET /protocols/by-name/:name/chain/:chainId/latest – the latest non-deprecated version on a chain
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute("/protocols/by-name/:name/chain/:chainId/latest", {
  GET: {
    auth: "public",
    handler: async ({ params, caller, services, cached }) => {
      const { name, chainId } = protocolByNameParamsSchema.parse(params);
      return cached(async () => latestVersionOf(await listProtocolVersions({ db: services.db, environment: caller.environment, name, chainId })));
    },
  },
});
