// How big an instance's JavaScript heap may grow: the one place that says it, for `npm start`
// (package.json passes the same flag; scripts/lib/server-heap.test.ts keeps the two equal) and for
// every server the tests and benchmarks start.
//
// Without a cap, V8 lets the heap of a busy server grow to several times what it holds alive (it
// trades memory for fewer collections while there is room, and on a large machine there is), so
// resident memory kept climbing under steady traffic long after every cache was full. Alive, an
// instance holds about 50 MiB (the response cache's answers are outside the heap); 256 MiB leaves
// room for a sync's reads and a burst of requests while memory levels off.
export const SERVER_HEAP_MB = 256;

/** The Node options a server process starts with. */
export const serverNodeArgs = [`--max-old-space-size=${SERVER_HEAP_MB}`];
