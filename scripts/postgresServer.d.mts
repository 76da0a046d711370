export function postgresBinDir(): string | null;
export function startPostgres(options?: { durable?: boolean; maxConnections?: number }): Promise<{ url: string; port: number; stop(): Promise<void> }>;
