import { createPublicClient, http as httpTransport, type Hex } from "viem";
import { foundry } from "viem/chains";
import { startAnvil, type RunningAnvil } from "@/devnet/anvil";
import { postJsonRpc, rpc as rpcCall } from "@/devnet/json-rpc";
import { answerJson, serveRpcProxy } from "@/devnet/rpc-proxy";
import type { DeployContext } from "@/devnet/deploy/context";
import { deployDevnet, type DevnetDeployment } from "@/devnet/deploy/deploy-devnet";
import { deployDiscoveryDevnet, type DiscoveryDeployment } from "@/devnet/deploy/discovery";
import type { PastResult } from "@/devnet/past/chain-past";
import { startDevnetWithPast } from "@/devnet/past/devnet-with-past";
import { freePort } from "@/scripts/lib/app-server.mjs";

export interface TestDevnet {
  anvil: RunningAnvil;
  url: string;
  /** Plain reads, independent of the code under test. */
  reader: ReturnType<typeof createPublicClient>;
  /** The deployment: its manifest (`addresses`) and its context, whose senders act as any account. */
  deployment: DevnetDeployment;
  /** Senders by role (`ctx.sender("aave borrower …")`) or account (`ctx.senderOf(devnetDemoWallet)`). */
  ctx: DeployContext;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  /** Moves chain time forward and mines one block. */
  advance(seconds: number): Promise<void>;
  /**
   * Runs `act` on the chain and takes it back to where it was afterwards, whatever `act` did or
   * threw (evm_snapshot, evm_revert): a test asks the chain what is true after an action.
   */
  within<T>(act: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
  /** With `discovery`: Morpho's vault factories and their vaults (devnet/plan/discovery-vaults.ts). */
  discovery?: DiscoveryDeployment;
}

/**
 * A fresh Anvil chain with the local chain deployed on the protocols' own contracts: each test file
 * gets its own. `genesisBlock` numbers its first block (devnet/anvil.ts); `discovery` adds Morpho's
 * vault factories' vaults, created `gapBlocks` apart.
 */
export async function startTestDevnet({ genesisBlock, discovery }: { genesisBlock?: number; discovery?: { gapBlocks: number } } = {}): Promise<TestDevnet> {
  const anvil = await startAnvil({ genesisBlock });
  const deployment = await deployDevnet(anvil.url);
  const deployed = discovery ? await deployDiscoveryDevnet(deployment.context, discovery) : undefined;
  return testDevnetOf(anvil, deployment, deployed);
}

/**
 * The local chain with its year of past (devnet/past): Anvil keeps `pastStates` blocks' states, all of
 * them by default. Building the past takes a minute or two: a test file shares one, and acts on it
 * through `within`.
 */
export async function startTestDevnetWithPast({ pastStates }: { pastStates?: number } = {}): Promise<TestDevnet & { past: PastResult; genesis: number }> {
  const built = await startDevnetWithPast({ pastStates });
  return { ...testDevnetOf(built.anvil, built.deployment), past: built.past, genesis: built.genesis };
}

function testDevnetOf(anvil: RunningAnvil, deployment: DevnetDeployment, discovery?: DiscoveryDeployment): TestDevnet {
  const rpc = <T,>(method: string, params: unknown[] = []) => rpcCall<T>(anvil.url, method, params);
  return {
    anvil,
    url: anvil.url,
    reader: createPublicClient({ chain: foundry, transport: httpTransport(anvil.url), cacheTime: 0 }),
    deployment,
    ctx: deployment.context,
    rpc,
    advance: async (seconds) => {
      await rpc("evm_increaseTime", [seconds]);
      await rpc("evm_mine");
    },
    within: async (act) => {
      const id = await rpc<Hex>("evm_snapshot");
      try {
        return await act();
      } finally {
        await rpc("evm_revert", [id]);
        // The reverted transactions' nonces are free again: senders read their accounts' nonces anew.
        deployment.context.forgetSenders();
      }
    },
    stop: () => anvil.stop(),
    discovery,
  };
}

export interface RpcProxy {
  url: string;
  /** Bodies of the HTTP requests received so far. */
  requests: string[];
  /**
   * "pass" forwards, "down" answers 502, "slow" waits `delayMs` before forwarding, "pruned" plays a
   * node without old state: an eth_call at a numbered block below its head gets "missing trie node"
   * (a sync's reads, pinned to the head, are answered).
   */
  mode: "pass" | "down" | "slow" | "pruned";
  delayMs: number;
  /** In "pruned" mode, how many blocks below the head still have their state served (default 0: none). */
  servedBlocks: number;
  close(): Promise<void>;
}

/**
 * An HTTP proxy in front of an RPC node that records each request (to count round trips) and can
 * play a node that is down or slow. GET /requests returns the recorded bodies, for a server process.
 */
export async function startRpcProxy(target: string): Promise<RpcProxy> {
  const proxy: RpcProxy = { url: "", requests: [], mode: "pass", delayMs: 0, servedBlocks: 0, close: async () => undefined };
  const server = await serveRpcProxy(async (body, res, req) => {
    if (req.method === "GET" && req.url === "/requests") return answerJson(res, 200, proxy.requests);
    proxy.requests.push(body);
    if (proxy.mode === "down") return void res.writeHead(502).end("bad gateway");
    if (proxy.mode === "slow") await new Promise((r) => setTimeout(r, proxy.delayMs));
    if (proxy.mode === "pruned") {
      const answer = await answerWithoutOldState(target, body, proxy.servedBlocks);
      if (answer) return answerJson(res, 200, answer);
    }
    try {
      const upstream = await postJsonRpc(target, body);
      answerJson(res, upstream.status, await upstream.text());
    } catch {
      if (!res.headersSent) res.writeHead(502).end();
    }
  });
  proxy.url = server.url;
  proxy.close = server.close;
  return proxy;
}

interface JsonRpcRequest {
  id: number | string;
  method: string;
  params?: unknown[];
}

/** A JSON-RPC answer (single or batch) in which each eth_call at a block more than `served` below the head fails; null if there is none. */
async function answerWithoutOldState(target: string, body: string, served: number): Promise<string | null> {
  const parsed = JSON.parse(body) as JsonRpcRequest | JsonRpcRequest[];
  const list = Array.isArray(parsed) ? parsed : [parsed];
  const atBlock = (r: JsonRpcRequest) => (r.method === "eth_call" && typeof r.params?.[1] === "string" && /^0x[0-9a-f]+$/i.test(r.params[1]) ? BigInt(r.params[1]) : null);
  if (!list.some((r) => atBlock(r) !== null)) return null;
  const head = BigInt(((await (await postJsonRpc(target, JSON.stringify({ jsonrpc: "2.0", id: 0, method: "eth_blockNumber" }))).json()) as { result: string }).result);
  const isOld = (r: JsonRpcRequest) => (atBlock(r) ?? head) < head - BigInt(served);
  if (!list.some(isOld)) return null;
  const forward = list.filter((r) => !isOld(r));
  const answers = forward.length > 0 ? ((await (await postJsonRpc(target, JSON.stringify(forward))).json()) as { id: unknown }[]) : [];
  const byId = new Map(answers.map((a) => [a.id, a]));
  const out = list.map((r) => (isOld(r) ? { jsonrpc: "2.0", id: r.id, error: { code: -32000, message: "missing trie node" } } : byId.get(r.id)));
  return JSON.stringify(Array.isArray(parsed) ? out : out[0]);
}

/** A URL on which nothing listens: an RPC node that is down. */
export const deadRpcUrl = async () => `http://127.0.0.1:${await freePort()}`;

export const lowerHex = (address: Hex) => address.toLowerCase().slice(2);
