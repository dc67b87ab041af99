/** Text of each generated contract module, keyed by its path relative to the repository root. */
export function generatedModules(root: string): Record<string, string>;
export const outputs: {
  sources: string[];
  out: string;
  vendored?: { compiler: string; evmVersion: string; remappings: string[]; contracts: string[] };
}[];
