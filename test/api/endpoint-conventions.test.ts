import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiEndpoints } from "@/lib/api/endpoints";
import { describeEndpointConventions } from "../support/endpoint-conventions";

// The conventions every endpoint of the app's registry shares (test/support/endpoint-conventions.ts),
// as the built app serves them.

describe("the app's registry", () => {
  it("is served by the one catch-all route", () => {
    // Next routes every /api/v1 path to app/api/v1/[...path]; a route file of its own would shadow the registry.
    const routeFiles = readdirSync("app/api/v1", { recursive: true }).map(String).filter((f) => f.endsWith("route.ts"));
    expect(routeFiles).toEqual([path.join("[...path]", "route.ts")]);
    expect(readFileSync("app/api/v1/[...path]/route.ts", "utf8")).toMatch(/= apiRoutes\(apiEndpoints, hiddenEndpoints\)/);
  });
});

describeEndpointConventions(apiEndpoints);
