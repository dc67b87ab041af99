// Compiles the repository's Solidity sources with the solc npm packages (offline) into TypeScript
// modules holding each contract's ABI and creation bytecode; `npm run generate` writes them.
//
// Two kinds of build:
// - the project's own sources (the lenses, the devnet's smart wallets, the stray vault factory), compiled in a
//   second or two: generated-files.test.ts compiles them again and compares the text;
// - the protocols' own contracts, vendored whole under vendor/ (vendor/README.md), one build per
//   upstream release in devnet/builds/*.mjs with that release's compiler and settings (version,
//   optimizer runs, via-IR, EVM version, metadata hash), so that the runtime code is the code the
//   protocol deployed. Some take minutes, so beside each module a `.build.json` records the compiler,
//   the settings and every source file the compiler read, with a SHA-256 over all of them:
//   generated-files.test.ts recomputes that digest from vendor/ (and fails when a vendored file or a
//   build's settings changed without `npm run generate`), and `npm run generate -- --check` compiles
//   everything again and compares the bytecode.
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import solc from "solc";

const require = createRequire(import.meta.url);

// shanghai runs on every chain Yieldgrid reads; the lenses are executed on those chains (deployless).
const ownSettings = { optimizer: { enabled: true, runs: 200 }, evmVersion: "shanghai" };
const outputSelection = { "*": { "*": ["abi", "evm.bytecode.object", "evm.bytecode.linkReferences"] } };

/** The project's own Solidity, each output compiled from its files (named by their file names). */
export const ownOutputs = [
  { sources: ["lib/machinery/chain/solidity/PositionsLens.sol"], out: "lib/machinery/chain/generated/positions-lens.ts" },
  { sources: ["lib/machinery/rewards/solidity/RewardsLens.sol"], out: "lib/machinery/rewards/generated/rewards-lens.ts" },
  { sources: ["devnet/solidity/DevnetSmartWallet.sol", "devnet/solidity/DevnetSmartWalletFactory.sol"], out: "devnet/generated/smart-wallet.ts" },
  { sources: ["devnet/solidity/StrayMetaMorphoFactory.sol"], out: "devnet/generated/discovery-contracts.ts" },
];

/**
 * The vendored builds, from devnet/builds/*.mjs (each `export default` a VendoredBuild, see
 * solidity.d.mts), in file-name order.
 */
export async function vendoredBuilds(root) {
  const dir = path.join(root, "devnet/builds");
  const files = readdirSync(dir)
    .filter((f) => f.endsWith(".mjs"))
    .sort();
  const builds = [];
  for (const file of files) {
    const build = (await import(pathToFileURL(path.join(dir, file)).href)).default;
    builds.push({ name: file.replace(/\.mjs$/, ""), ...build });
  }
  return builds;
}

/** Reads imports from the repository only, never from outside it; records every file read. */
function importReader(root, read) {
  return (name) => {
    const file = path.resolve(root, name);
    if (!file.startsWith(root + path.sep)) return { error: `${name} is outside the repository` };
    try {
      const contents = readFileSync(file, "utf8");
      read.add(name);
      return { contents };
    } catch {
      return { error: `${name} not found` };
    }
  };
}

function runCompiler(compiler, input, findImports) {
  const output = JSON.parse(compiler.compile(JSON.stringify(input), { import: findImports }));
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  return output;
}

/** Contracts with bytecode (not interfaces or abstract ones), optionally only those named. */
function artifactsOf(output, only) {
  const contracts = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, c] of Object.entries(file)) {
      if (!c.evm.bytecode.object) continue;
      if (only && !only.includes(name)) continue;
      const links = c.evm.bytecode.linkReferences ?? {};
      contracts[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}`, ...(Object.keys(links).length > 0 && { linkReferences: links }) };
    }
  }
  if (only) for (const name of only) if (!contracts[name]) throw new Error(`the build produced no contract ${name}`);
  return contracts;
}

function moduleText(header, contracts) {
  let text = header;
  for (const [name, c] of Object.entries(contracts)) {
    const links = c.linkReferences ? `\n  linkReferences: ${JSON.stringify(c.linkReferences)},` : "";
    text += `\nexport const ${name[0].toLowerCase()}${name.slice(1)}Artifact = {\n  abi: ${JSON.stringify(c.abi)},\n  bytecode: "${c.bytecode}",${links}\n} as const;\n`;
  }
  return text;
}

function compileOwn(root, { sources, out }) {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(sources.map((f) => [path.basename(f), { content: readFileSync(path.join(root, f), "utf8") }])),
    settings: { ...ownSettings, outputSelection },
  };
  const output = runCompiler(solc, input, importReader(root, new Set()));
  const header = `// Generated by \`npm run generate\` from ${sources.join(", ")} with solc ${solc.version()}. Do not edit.\n`;
  return { [out]: moduleText(header, artifactsOf(output)) };
}

/** The JSON input of a vendored build: its entry files, named by their path in the repository. */
function vendoredInput(root, build) {
  return {
    language: "Solidity",
    sources: Object.fromEntries(build.sources.map((f) => [f, { content: readFileSync(path.join(root, f), "utf8") }])),
    settings: { ...build.settings, remappings: build.remappings ?? [], outputSelection },
  };
}

/**
 * The digest of a vendored build: its compiler, settings and remappings, and the name and text of
 * every source file the compiler read, in name order.
 */
export function buildDigest(root, { compilerVersion, settings, remappings, files }) {
  const hash = createHash("sha256");
  hash.update(JSON.stringify({ compilerVersion, settings, remappings }));
  for (const file of [...files].sort()) {
    hash.update(`\0${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest("hex");
}

export const buildRecordPath = (build) => build.out.replace(/\.ts$/, ".build.json");

/** Compiles one vendored build: its module's text and its build record's. */
export function compileVendored(root, build) {
  const compiler = require(build.compiler);
  const input = vendoredInput(root, build);
  const read = new Set(build.sources);
  const output = runCompiler(compiler, input, importReader(root, read));
  // Every source unit the compiler saw, imports included.
  const files = Object.keys(output.sources).sort();
  const record = {
    build: build.name,
    upstream: build.upstream,
    compilerVersion: compiler.version(),
    settings: build.settings,
    remappings: build.remappings ?? [],
    files,
  };
  const digest = buildDigest(root, record);
  const header =
    `// Generated by \`npm run generate\` from devnet/builds/${build.name}.mjs (${build.upstream}) with solc ${record.compilerVersion}.\n` +
    `// Do not edit. ${path.basename(buildRecordPath(build))} lists the sources and settings; generated-files.test.ts checks them.\n`;
  return {
    [build.out]: moduleText(header, artifactsOf(output, build.contracts)),
    [buildRecordPath(build)]: `${JSON.stringify({ ...record, sha256: digest }, null, 2)}\n`,
  };
}

/** Text of each module of the project's own Solidity, keyed by its path relative to the repository root. */
export function ownModules(root) {
  return Object.assign({}, ...ownOutputs.map((o) => compileOwn(root, o)));
}

/** Text of every vendored build's module and record (`only`: just the builds named). */
export async function vendoredModules(root, only) {
  const builds = (await vendoredBuilds(root)).filter((b) => !only || only.includes(b.name));
  if (only) for (const name of only) if (!builds.some((b) => b.name === name)) throw new Error(`no build devnet/builds/${name}.mjs`);
  const result = {};
  for (const build of builds) {
    const started = Date.now();
    Object.assign(result, compileVendored(root, build));
    console.error(`compiled ${build.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return result;
}
