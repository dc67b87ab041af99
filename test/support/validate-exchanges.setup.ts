import { afterAll } from "vitest";
import { validateRecordedExchanges } from "./openapi-validator";

// Every API test file: each response it got through `api()` must conform to the served OpenAPI document.
afterAll(async () => {
  await validateRecordedExchanges();
});
