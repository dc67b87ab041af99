import { describe, expect, it } from "vitest";
import { DOCS_PATH, type TypePart } from "@/components/docs/openapi-model";
import { docsModel, mcpToolDocs } from "./docs-reference";

// The reference is an overview and a page per group: every operation, schema and type link must
// land on the page that shows its target, and every anchor of the one-page reference must still lead
// somewhere.

const model = docsModel();
const typeLinks = (parts: TypePart[]) => parts.filter((p) => typeof p !== "string");

describe("the API reference's pages", () => {
  it("puts each operation on its group's page", () => {
    expect(model.groups.map((g) => g.path)).toContain(`${DOCS_PATH}/instruments`);
    for (const o of model.operations) {
      const group = model.groups.find((g) => g.name === o.group)!;
      expect(o.href, `${o.method} ${o.path}`).toBe(`${group.path}#${o.anchor}`);
    }
    expect(model.operations.find((o) => o.method === "GET" && o.path === "/instruments")?.href).toBe(
      "/docs/instruments#get-instruments",
    );
  });

  it("shows a schema on the page of the only group that uses it, and shared ones on the overview", () => {
    const pageOf = (name: string) => model.schemas.find((s) => s.name === name)?.page;
    expect(pageOf("Instrument")).toBe("/docs/instruments");
    // Reached through Instrument's fields, not named by any operation.
    expect(pageOf("RewardStream")).toBe("/docs/instruments");
    expect(pageOf("CreateApiKeyRequest")).toBe("/docs/api-keys");
    // Every error answer is the envelope: it belongs to no group.
    expect(pageOf("Error")).toBe(DOCS_PATH);
  });

  it("links every type to a schema shown on the page the link names", () => {
    const shown = new Set(model.schemas.map((s) => s.href));
    const parts = [
      ...model.operations.flatMap((o) => [
        ...o.parameters.flatMap((p) => p.type),
        ...(o.body ? [...o.body.schema, ...o.body.fields.flatMap((f) => f.type)] : []),
        ...o.responses.flatMap((r) => r.schema),
      ]),
      ...model.schemas.flatMap((s) => s.fields.flatMap((f) => f.type)),
    ];
    const links = typeLinks(parts);
    expect(links.length).toBeGreaterThan(20);
    for (const link of links) expect(shown, `${link.ref} → ${link.href}`).toContain(link.href);
  });

  it("knows where every anchor of the one-page reference went", () => {
    const { movedAnchors } = model;
    expect(movedAnchors["get-instruments"]).toBe("/docs/instruments#get-instruments");
    expect(movedAnchors["schema-instrument"]).toBe("/docs/instruments#schema-instrument");
    expect(movedAnchors["endpoints-api-keys"]).toBe("/docs/api-keys");
    for (const o of model.operations) expect(movedAnchors[o.anchor]).toBe(o.href);
    // What the overview still shows is not moved.
    expect(movedAnchors["schema-error"]).toBeUndefined();
  });

  it("documents each MCP tool with its operation's path, query and body as arguments, never a header or cookie", () => {
    const tools = mcpToolDocs();
    const positions = tools.find((t) => t.name === "getPositions")!;
    expect(positions.arguments.map((a) => a.name)).toEqual(["address", "chainId", "chainIds"]);
    expect(positions.operation).toMatchObject({ method: "POST", path: "/positions", href: "/docs/positions#post-positions" });
    const history = tools.find((t) => t.name === "getInstrumentHistory")!;
    expect(history.arguments.map((a) => a.name)).toEqual(["instrumentId", "interval", "from", "to"]);
    for (const tool of tools) expect(tool.arguments.map((a) => a.name), tool.name).not.toContain("X-API-Key");
    // An answer that is an array is the structured content's data, linked to the schema it is.
    expect(tools.find((t) => t.name === "listProtocols")!.result).toEqual(["{ data: ", { ref: "ProtocolList", href: expect.stringMatching(/#schema-protocollist$/) }, " }"]);
  });
});
