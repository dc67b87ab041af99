export function e2ePort(): number;
export function e2eDataDir(port: number | string): string;
export function e2eDevnetManifest(port: number | string): string;
