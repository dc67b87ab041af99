// The rooms of the house and the arrows between them, checked by `npm run lint`
// (scripts/check-architecture.mjs runs dependency-cruiser with these rules, then looks for circles
// between rooms). Arrows point down only:
//   app/ → components/, lib/api (the edge) → lib/domain → lib/machinery → lib/facts, lib/schemas
//   lib/client (the browser's API client) → lib/facts, lib/schemas
//   devnet/, scripts/, test/, e2e/ may use lib/; lib/ never uses them.
// Tests may reach across (a unit test beside domain code uses the test database's helper).
const layer = (name, from, to, comment) => ({ name, comment, severity: "error", from: { path: from, pathNot: "\\.test\\.ts$" }, to: { path: to } });

module.exports = {
  forbidden: [
    { name: "no-circular", comment: "no import circle between files", severity: "error", from: {}, to: { circular: true } },
    layer("machinery-below-domain", "^lib/machinery/", "^lib/(api|domain|client)/", "the machinery knows nothing of the domain or the edge"),
    layer("domain-below-edge", "^lib/domain/", "^lib/(api|client)/", "the domain knows nothing of HTTP"),
    layer("facts-stand-alone", "^lib/(facts|schemas)/", "^lib/(api|domain|machinery|client)/", "facts and schemas stand alone: the browser bundles them"),
    layer("client-stays-in-browser", "^lib/client/", "^lib/(api|domain|machinery)/", "the browser's client never reaches server code"),
    layer("lib-below-tools", "^lib/", "^(app|components|devnet|scripts|test|e2e)/", "lib/ uses no page, UI or development tool"),
    layer("components-stay-in-browser", "^components/", "^(lib/(api|domain|machinery)|devnet|scripts)/", "components run in the browser too: pages pass server data down"),
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|\\.next[^/]*|\\.bench|\\.data|\\.lighthouse)/" },
  },
};
