import type { StoredApiKey } from "@/lib/api-keys/key-store";
import type { Environment } from "@/lib/chains";

/** Who is calling: resolved once per request by the route wrapper. */
export type Caller =
  | { kind: "anonymous"; environment: "live"; ip: string }
  | { kind: "key"; environment: Environment; account: string; key: StoredApiKey }
  | { kind: "session"; environment: "test"; account: string };

export type AccountCaller = Extract<Caller, { account: string }>;
