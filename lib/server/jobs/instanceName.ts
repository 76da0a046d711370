import { hostname } from 'node:os';

/** Which instance ran a job, for /admin/jobs: its host and process id (no secret, no person). */
export const instanceName = (): string => `${hostname()}:${process.pid}`;
