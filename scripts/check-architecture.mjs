// Part of `npm run lint`: the rules of .dependency-cruiser.cjs (no import circle between files,
// arrows between layers point down), then no circle between rooms: a room is a folder of a layer
// (lib/domain/instruments, lib/api/http, components/positions, …), and two rooms that import
// each other, directly or round a loop, are one room in two places.
import { execFileSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const scanned = ["lib", "components", "app", "devnet", "scripts", "test", "e2e"];
const cli = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
const result = JSON.parse(
  execFileSync(process.execPath, [cli, "--config", ".dependency-cruiser.cjs", "--output-type", "json", ...scanned], { cwd: root, maxBuffer: 64 << 20, encoding: "utf8" }),
);

/**
 * lib/<layer>/<room>/… is that room, a file directly in a layer the layer's own room; a feature's
 * folder of components/ is a room; every other top folder (app, devnet, scripts, …) is one room.
 */
function roomOf(file) {
  const parts = file.split("/");
  if (parts[0] === "lib") return parts.slice(0, parts.length > 3 ? 3 : 2).join("/");
  if (parts[0] === "components") return parts.slice(0, 2).join("/");
  return parts[0];
}

// Tests reach across rooms by design (a unit test beside domain code uses the test database's helper).
const isTest = (file) => /\.test\.ts$/.test(file);

const edges = new Map();
for (const cruised of result.modules) {
  if (cruised.coreModule || cruised.couldNotResolve || cruised.source.includes("node_modules") || isTest(cruised.source)) continue;
  const from = roomOf(cruised.source);
  for (const dep of cruised.dependencies) {
    if (dep.coreModule || dep.couldNotResolve || dep.resolved.includes("node_modules")) continue;
    const to = roomOf(dep.resolved);
    if (to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${cruised.source} → ${dep.resolved}`);
  }
}

/** Tarjan's strongly connected components: every component of more than one room is a circle. */
function circles() {
  let index = 0;
  const order = new Map(), low = new Map(), stack = [], onStack = new Set(), found = [];
  const visit = (room) => {
    order.set(room, index);
    low.set(room, index++);
    stack.push(room);
    onStack.add(room);
    for (const next of edges.get(room)?.keys() ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(room, Math.min(low.get(room), low.get(next)));
      } else if (onStack.has(next)) low.set(room, Math.min(low.get(room), order.get(next)));
    }
    if (low.get(room) !== order.get(room)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== room);
    if (component.length > 1) found.push(component);
  };
  for (const room of edges.keys()) if (!order.has(room)) visit(room);
  return found;
}

const problems = [];
for (const violation of result.summary.violations) {
  const cycle = violation.cycle ? ` (${violation.cycle.map((c) => c.name ?? c).join(" → ")})` : "";
  problems.push(`${violation.rule.name}: ${violation.from} → ${violation.to}${cycle}`);
}
for (const component of circles()) {
  const members = new Set(component);
  const arrows = component.flatMap((from) => [...(edges.get(from) ?? [])].filter(([to]) => members.has(to)).map(([, example]) => `    ${example}`));
  problems.push(`rooms in a circle: ${component.sort().join(", ")}\n${arrows.join("\n")}`);
}
if (problems.length > 0) {
  console.error(`Architecture: ${problems.length} problem(s)\n${problems.map((p) => `- ${p}`).join("\n")}`);
  process.exit(1);
}
console.log(`Architecture: ${result.summary.totalCruised} modules, no circle, every arrow points down.`);
