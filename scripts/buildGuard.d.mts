export declare const BUILD_INPUTS: string[];
export declare function sourceFingerprint(dir: string): string;
export declare function registerServer(dir: string, port: number | string): () => void;
export declare function liveServers(dir: string): { pid: number; port?: number | string }[];
export declare function decideBuild(facts: {
  hasBuild: boolean;
  storedFingerprint: string | null;
  currentFingerprint: string;
  servers: readonly { pid: number; port?: number | string }[];
  alwaysBuild?: boolean;
}): { action: 'reuse' } | { action: 'build' } | { action: 'refuse'; message: string };
export declare function ensureBuild(options?: {
  dir?: string;
  env?: NodeJS.ProcessEnv;
  stdio?: 'inherit' | 'ignore';
  alwaysBuild?: boolean;
  log?: (message: string) => void;
}): 'reused' | 'built';
export declare function recordBuild(dir?: string): void;
export declare function refusalWhileServing(dir?: string): string | null;
