/** Starts the Anvil binary that ships inside the @foundry-rs/anvil npm package. */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { LOCAL_CHAIN_ID } from "@/lib/facts/chains";

export function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  const arch = process.arch === "x64" ? "amd64" : process.arch;
  const pkg = require.resolve(`@foundry-rs/anvil-${process.platform}-${arch}/package.json`);
  return path.join(path.dirname(pkg), "bin", process.platform === "win32" ? "anvil.exe" : "anvil");
}

export interface RunningAnvil {
  url: string;
  port: number;
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts Anvil on 127.0.0.1:port (0 = a free port) and resolves once it answers. `genesisBlock`
 * numbers the first block: a chain that looks long to eth_getLogs (blocks before it hold no logs)
 * without mining them, which takes Anvil time that grows with every block it holds.
 *
 * Past states stay in memory only (the last ~500 blocks' can be read): by default Anvil writes every
 * older block's whole state under ~/.foundry/anvil/tmp and leaves it there, gigabytes per benchmark.
 */
export async function startAnvil({
  port = 0,
  silent = true,
  genesisBlock,
  genesisTimestamp,
  pastStates,
  chainId = LOCAL_CHAIN_ID,
}: {
  port?: number;
  silent?: boolean;
  genesisBlock?: number;
  /**
   * The first block's time (Unix seconds); later blocks keep that offset from the wall clock. A chain
   * started in the past can be moved forward (a timelock) and still end at the wall clock.
   */
  genesisTimestamp?: number;
  /**
   * How many past blocks' states Anvil keeps in memory, so that calls at those blocks are answered
   * (a chain with a past: devnet/past). Unset: the few hundred most recent, and none on disk.
   */
  pastStates?: number;
  /** Another chain's id: a node of the wrong chain, for tests. */
  chainId?: number;
} = {}): Promise<RunningAnvil> {
  const numbering = genesisBlock ? ["--number", String(genesisBlock)] : [];
  const timing = genesisTimestamp !== undefined ? ["--timestamp", String(genesisTimestamp)] : [];
  const args = ["--host", "127.0.0.1", "--port", String(port), "--chain-id", String(chainId), "--silent", ...(pastStates ? ["--prune-history", String(pastStates)] : ["--max-persisted-states", "0"]), ...numbering, ...timing];
  const child = spawn(anvilBinary(), args, {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d.toString()));
  if (!silent) child.stdout!.pipe(process.stdout);
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`anvil exited with code ${code} before it was ready: ${stderr.trim()}`))),
  );
  exited.catch(() => undefined);
  const actualPort = port || (await findListeningPort(child.pid!));
  const url = `http://127.0.0.1:${actualPort}`;
  await Promise.race([waitForRpc(url), exited]);
  return {
    url,
    port: actualPort,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

// `--port 0` lets the kernel choose; Anvil prints nothing with --silent, so ask the kernel back.
async function findListeningPort(pid: number): Promise<number> {
  const { readFile, readdir, readlink } = await import("node:fs/promises");
  for (let attempt = 0; attempt < 200; attempt++) {
    const inodes = new Set<string>();
    for (const fd of await readdir(`/proc/${pid}/fd`).catch(() => [])) {
      const link = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => "");
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m?.[1]) inodes.add(m[1]);
    }
    const table = await readFile("/proc/net/tcp", "utf8");
    for (const line of table.split("\n").slice(1)) {
      const [, local = "", , state, , , , , , inode = ""] = line.trim().split(/\s+/);
      if (state === "0A" /* LISTEN */ && inodes.has(inode)) return parseInt(local.split(":")[1] ?? "", 16);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("anvil did not start listening");
}

async function waitForRpc(url: string) {
  for (let attempt = 0; attempt < 400; attempt++) {
    try {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`anvil at ${url} did not answer`);
}
