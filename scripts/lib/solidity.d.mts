/** One build of vendored protocol contracts (devnet/builds/<name>.mjs). */
export interface VendoredBuild {
  /** The upstream release compiled: repository and tag or commit, as vendor/README.md names it. */
  upstream: string;
  /** The solc npm package (an alias such as "solc-0.8.19") of the release's compiler version. */
  compiler: string;
  /** The release's compiler settings: optimizer, viaIR, evmVersion, metadata, as its build config sets them. */
  settings: Record<string, unknown>;
  remappings?: string[];
  /** Entry files, by their path in the repository. */
  sources: string[];
  /** The contracts whose artifacts are written. */
  contracts: string[];
  /** The generated module, by its path in the repository; its build record goes beside it as .build.json. */
  out: string;
}
export type NamedBuild = VendoredBuild & { name: string };

export const ownOutputs: { sources: string[]; out: string }[];
export function vendoredBuilds(root: string): Promise<NamedBuild[]>;
export function buildDigest(root: string, record: { compilerVersion: string; settings: unknown; remappings: string[]; files: string[] }): string;
export function buildRecordPath(build: { out: string }): string;
export function compileVendored(root: string, build: NamedBuild): Record<string, string>;
/** Text of each module of the project's own Solidity, keyed by its path relative to the repository root. */
export function ownModules(root: string): Record<string, string>;
/** Text of every vendored build's module and record (`only`: just the builds named). */
export function vendoredModules(root: string, only?: string[]): Promise<Record<string, string>>;
