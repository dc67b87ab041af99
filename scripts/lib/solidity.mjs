// Compiles the repository's Solidity sources with the solc npm package (offline) into TypeScript
// modules holding each contract's ABI and creation bytecode. `npm run generate` writes them;
// a unit test compiles again and checks the committed files are what the sources produce.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import solc from "solc";

const require = createRequire(import.meta.url);

// shanghai runs on every chain Yieldgrid reads; the lenses are executed on those chains (deployless).
const optimizer = { enabled: true, runs: 200 };
const outputSelection = { "*": { "*": ["abi", "evm.bytecode.object"] } };

/**
 * Vendored protocol contracts (vendor/README.md) are compiled whole, by the compiler their pragma
 * names: Comet pins 0.8.15 (which predates shanghai), Fluid 0.8.21; Aave's `^0.8.10` takes the
 * project's own. Their imports resolve inside vendor/, package names remapped to the vendored
 * copies. Only the named contracts become artifacts.
 */
const vendored = {
  aave: {
    compiler: "solc",
    evmVersion: "shanghai",
    remappings: ["@aave/core-v3/=vendor/aave-core-v3/"],
    contracts: ["RewardsController", "PullRewardsTransferStrategy"],
  },
  comet: { compiler: "solc-0.8.15", evmVersion: "london", remappings: [], contracts: ["CometRewards"] },
  fluid: {
    compiler: "solc-0.8.21",
    evmVersion: "shanghai",
    remappings: ["@openzeppelin/contracts/=vendor/openzeppelin-contracts/"],
    contracts: ["FluidLendingRewardsRateModel"],
  },
};

export const outputs = [
  { sources: ["lib/machinery/chain/solidity/PositionsLens.sol"], out: "lib/machinery/chain/generated/positions-lens.ts" },
  { sources: ["lib/machinery/rewards/solidity/RewardsLens.sol"], out: "lib/machinery/rewards/generated/rewards-lens.ts" },
  // GrowingVault.sol: the vault code the devnet's own vaults and the factories' vaults share.
  { sources: ["devnet/solidity/Multicall3.sol", "devnet/solidity/GrowingVault.sol", "devnet/solidity/Mocks.sol"], out: "devnet/generated/contracts.ts" },
  { sources: ["devnet/solidity/SmartWallet.sol"], out: "devnet/generated/smart-wallet.ts" },
  { sources: ["devnet/solidity/GrowingVault.sol", "devnet/solidity/DiscoveryFactories.sol"], out: "devnet/generated/discovery-contracts.ts" },
  {
    sources: [
      "vendor/aave-v3-periphery/contracts/rewards/RewardsController.sol",
      "vendor/aave-v3-periphery/contracts/rewards/transfer-strategies/PullRewardsTransferStrategy.sol",
    ],
    out: "devnet/generated/aave-rewards.ts",
    vendored: vendored.aave,
  },
  { sources: ["vendor/comet/contracts/CometRewards.sol"], out: "devnet/generated/comet-rewards.ts", vendored: vendored.comet },
  {
    sources: ["vendor/fluid-contracts-public/contracts/protocols/lending/lendingRewardsRateModel/main.sol"],
    out: "devnet/generated/fluid-rewards.ts",
    vendored: vendored.fluid,
  },
];

/** The project's own sources, each named by its file name. */
function ownInput(root, files) {
  return {
    language: "Solidity",
    sources: Object.fromEntries(files.map((f) => [path.basename(f), { content: readFileSync(path.join(root, f), "utf8") }])),
    settings: { optimizer, evmVersion: "shanghai", outputSelection },
  };
}

/** Vendored sources, named by their path in the repository so that their relative imports resolve. */
function vendoredInput(root, files, { evmVersion, remappings }) {
  return {
    language: "Solidity",
    sources: Object.fromEntries(files.map((f) => [f, { content: readFileSync(path.join(root, f), "utf8") }])),
    settings: { optimizer, evmVersion, remappings, outputSelection },
  };
}

function compile(root, { sources, vendored: vendor }) {
  const compiler = vendor ? require(vendor.compiler) : solc;
  const input = vendor ? vendoredInput(root, sources, vendor) : ownInput(root, sources);
  // Imports are read from the repository, never from outside it.
  const findImports = (name) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) return { error: `${name} is outside the repository` };
    try {
      return { contents: readFileSync(file, "utf8") };
    } catch {
      return { error: `${name} not found` };
    }
  };
  const output = JSON.parse(compiler.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contracts = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(file)) {
      if (!c.evm.bytecode.object) continue; // abstract contracts and interfaces
      if (vendor && !vendor.contracts.includes(name)) continue;
      contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
    }
  }
  return { contracts, version: compiler.version() };
}

/** The text of each generated module, keyed by its path relative to the repository root. */
export function generatedModules(root) {
  const result = {};
  for (const output of outputs) {
    const { contracts, version } = compile(root, output);
    let text = `// Generated by \`npm run generate\` from ${output.sources.join(", ")} with solc ${version}. Do not edit.\n`;
    for (const [name, c] of Object.entries(contracts)) {
      text += `\nexport const ${name[0].toLowerCase()}${name.slice(1)}Artifact = {\n  abi: ${JSON.stringify(c.abi)},\n  bytecode: "${c.bytecode}",\n} as const;\n`;
    }
    result[output.out] = text;
  }
  return result;
}
