import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The layering the folders show (the house style), enforced.
const serverOnlyForComponents = ["api", "domain", "machinery"].map((dir) => ({
  group: [`@/lib/${dir}`, `@/lib/${dir}/*`],
  message: "components/ run in the browser too: pass server data down from a page (app/)",
}));

// Links between pages go through AppLink, which turns Next's prefetching off (the reason is there).
const appLinkOnly = {
  name: "next/link",
  message: "link with AppLink (components/ui/app-link.tsx): the app's links do not prefetch",
};

const config = [
  { ignores: [".next/**", ".next-*/**", ".lighthouse/**", ".data/**", ".bench/**", "node_modules/**", "next-env.d.ts", "lib/machinery/db/migrations/**"] },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    // Domain and HTTP code knows nothing of Next or of the UI: pages (app/) are the glue.
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["next", "next/*"], message: "lib/ does not depend on Next: put request glue in app/ (e.g. app/_server/viewer.ts)" },
            { group: ["@/components/*", "@/app/*", "react", "react-dom"], message: "lib/ does not import the UI" },
          ],
        },
      ],
    },
  },
  {
    files: ["components/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [appLinkOnly], patterns: serverOnlyForComponents }],
    },
  },
  {
    files: ["components/ui/app-link.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: serverOnlyForComponents }] },
  },
  {
    files: ["app/**"],
    rules: { "no-restricted-imports": ["error", { paths: [appLinkOnly] }] },
  },
  {
    // No UI code writes an API URL by hand: requests go through the typed client (lib/client/api-client.ts,
    // generated from the OpenAPI document), and a page that names an endpoint builds it on API_BASE_PATH.
    files: ["app/**", "components/**", "lib/client/**"],
    ignores: ["app/api/**", "lib/client/api-types.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        ...["Literal[value=/\\/api\\/v1/]", "TemplateElement[value.raw=/\\/api\\/v1/]", "JSXText[value=/\\/api\\/v1/]"].map((selector) => ({
          selector,
          message: "call the API through the typed client (lib/client/api-request.ts), or build the path on API_BASE_PATH (lib/facts/http.mjs)",
        })),
        // What pages say of keys and limits is what the server does: the names come from lib/facts.
        ...["Literal", "TemplateElement", "JSXText"].map((node) => ({
          selector: `${node}[${node === "TemplateElement" ? "value.raw" : "value"}=/yg_sk_(live|test)_|X-RateLimit-|Retry-After/i]`,
          message: "take key prefixes from lib/facts/api-keys.ts and header names from HEADERS (lib/facts/http.mjs)",
        })),
      ],
    },
  },
  {
    // Configuration is read in one place (lib/machinery/config.ts), so the README's table is the whole list.
    files: ["app/**", "components/**", "lib/**"],
    ignores: ["lib/machinery/config.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "read configuration through lib/machinery/config.ts" }],
    },
  },
];

// Short pieces: split by what each part does (tests and generated files aside).
config.push({
  files: ["**/*.ts", "**/*.tsx", "**/*.mjs"],
  ignores: ["**/*.test.ts", "test/**", "e2e/**", "**/generated/**", "lib/machinery/catalog/local-chain.ts", "lib/client/api-types.ts"],
  rules: {
    "max-lines-per-function": ["error", { max: 80, skipBlankLines: false, skipComments: false }],
    "max-lines": ["error", { max: 400, skipBlankLines: false, skipComments: false }],
  },
});

export default config;
