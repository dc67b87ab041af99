import nextCoreWebVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

const config = [
  { ignores: [".next/**", ".next-*/**", ".lighthouse/**", ".data/**", ".bench/**", "node_modules/**", "next-env.d.ts", "lib/db/migrations/**"] },
  ...nextCoreWebVitals,
  ...nextTypescript,
];

export default config;
