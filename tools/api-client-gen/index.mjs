// The client's types from an OpenAPI document, written by openapi-typescript with its default options
// (what `npx openapi-typescript <base>/api/v1/openapi.json` writes for a programmatic user). It lives
// in a workspace of its own because openapi-typescript 7 needs TypeScript 5's compiler API, and the
// project is on TypeScript 6: npm installs this folder's TypeScript 5 beside it, not at the root.
import openapiTS, { astToString } from "openapi-typescript";

/** The types module of `document`, as openapi-typescript prints it (without its own comment header). */
export async function typesOfDocument(document) {
  return astToString(await openapiTS(document, { silent: true }));
}
