export declare const COMPILE_HINT: string;
/** The build's scripts (paths under distDir) that pages load with their HTML, before hydration. */
export declare function loadTimeChunks(distDir: string): Promise<string[]>;
/** Puts the compile hint on the first line of every load-time chunk that lacks it; returns how many were marked. */
export declare function markLoadTimeChunks(distDir: string): Promise<number>;
