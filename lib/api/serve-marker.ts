import "server-only";
// scripts/serve.mjs, the HTTP server of `npm start`, marks the process it runs the app in.

/**
 * What serve.mjs leaves on globalThis for the app running in its process. Its headers
 * (X-Yieldgrid-Client-Address with the connection's own address, X-Yieldgrid-Method) are believed
 * only in a process it marked: under a bare `next start` or `next dev` a client could write them too.
 */
export interface ServeMarker {
  /** Where this process answers on the loopback interface (for `npm run key:create`). */
  internalUrl: string;
  /** Called by the app once its first attempt to open the database is over (serve.mjs listens then). */
  started?: () => void;
}

const serveMarkerKey = Symbol.for("yieldgrid.serve");

export function serveMarker(): ServeMarker | undefined {
  return (globalThis as { [serveMarkerKey]?: ServeMarker })[serveMarkerKey];
}

