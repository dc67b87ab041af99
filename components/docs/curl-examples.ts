// One copy-pasteable curl command per operation, with real ids from the running service.

export interface ExampleContext {
  /** e.g. https://yieldgrid.example/api/v1 */
  baseUrl: string;
  instrumentId: string;
  protocolId: string;
  /** Renders the date parts of examples (history window, key expiry). */
  now: Date;
}

const KEY = '-H "X-API-Key: $YIELDGRID_API_KEY"';
const JSON_BODY = '-H "Content-Type: application/json"';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** The curl command for `method path`; unknown operations get a generic one with {params} left to fill in. */
export function curlExample(method: string, path: string, ctx: ExampleContext): string {
  const url = (p: string) => `"${ctx.baseUrl}${p}"`;
  const weekAgo = new Date(ctx.now.getTime() - 7 * 86_400_000);
  const inSixMonths = new Date(ctx.now.getTime() + 182 * 86_400_000);
  const examples: Record<string, string> = {
    "GET /protocols": `curl ${KEY} \\\n  ${url("/protocols?chainId=1")}`,
    "GET /protocols/{id}": `curl ${KEY} \\\n  ${url(`/protocols/${ctx.protocolId}`)}`,
    "GET /protocols/by-name/{name}/chain/{chainId}": `curl ${KEY} \\\n  ${url("/protocols/by-name/aave/chain/1")}`,
    "GET /protocols/by-name/{name}/chain/{chainId}/latest": `curl ${KEY} \\\n  ${url("/protocols/by-name/morpho/chain/8453/latest")}`,
    "GET /instruments": `curl ${KEY} \\\n  ${url("/instruments?chainId=1,8453&isStablecoin=true&minTvl=1000000&sort=apy:desc&limit=20")}`,
    "GET /instruments/by-chain/{chainId}": `curl ${KEY} \\\n  ${url("/instruments/by-chain/8453?assetCategory=ETH&limit=100")}`,
    "GET /instruments/{instrumentId}": `curl ${KEY} \\\n  ${url(`/instruments/${ctx.instrumentId}`)}`,
    "GET /instruments/{instrumentId}/history": `curl ${KEY} \\\n  ${url(`/instruments/${ctx.instrumentId}/history?interval=hour&from=${day(weekAgo)}`)}`,
    "POST /positions": `curl ${KEY} ${JSON_BODY} \\\n  -d '{"address":"0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","chainId":1}' \\\n  ${url("/positions")}`,
    "GET /auth/keys": `curl ${KEY} \\\n  ${url("/auth/keys")}`,
    "POST /auth/keys": `curl ${KEY} ${JSON_BODY} \\\n  -d '{"name":"backtester","type":"live","expiresAt":"${day(inSixMonths)}T00:00:00Z"}' \\\n  ${url("/auth/keys")}`,
    "DELETE /auth/keys/{id}": `# KEY_ID: the id of one of your keys, from GET /auth/keys\ncurl -X DELETE ${KEY} \\\n  ${url("/auth/keys/$KEY_ID")}`,
    "POST /auth/nonce": `curl -X POST ${url("/auth/nonce")}`,
    "POST /auth/verify": `# message: the EIP-4361 text with the nonce, signed by the wallet\ncurl -c cookies.txt ${JSON_BODY} \\\n  -d '{"message":"<EIP-4361 message>","signature":"0x<65-byte signature>"}' \\\n  ${url("/auth/verify")}`,
    "GET /auth/session": `curl -b cookies.txt ${url("/auth/session")}`,
    "DELETE /auth/session": `curl -X DELETE -b cookies.txt ${url("/auth/session")}`,
    "GET /health": `curl ${url("/health")}`,
  };
  const known = examples[`${method} ${path}`];
  if (known) return known;
  const flag = method === "GET" ? "" : ` -X ${method}`;
  return `curl${flag} ${KEY} \\\n  ${url(path.replace(/\{(\w+)\}/g, "<$1>"))}`;
}
