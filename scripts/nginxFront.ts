import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * deploy/nginx.conf, run as the README runs it (`nginx -p <dir> -c <dir>/nginx.conf`) for
 * the browser tests and the benchmark: copied into a fresh prefix directory with only its
 * port and its upstream servers changed.
 */

/** Debian's nginx (npm test installs nginx-light when it is missing: scripts/ensure-setup.mjs). */
export const NGINX_PATH = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const DEPLOY_CONF = path.join(process.cwd(), 'deploy/nginx.conf');
const LISTEN = 'listen 8080;';
const UPSTREAM = 'server 127.0.0.1:3000;';

function replaceOnce(text: string, line: string, replacement: string): string {
  const parts = text.split(line);
  if (parts.length !== 2) throw new Error(`deploy/nginx.conf should hold "${line}" exactly once (found ${parts.length - 1})`);
  return parts.join(replacement);
}

/** The shipped configuration listening on `port` and proxying to `upstreams` ("127.0.0.1:3210"). */
export function nginxConfigFor(port: number, upstreams: readonly string[]): string {
  const conf = fs.readFileSync(DEPLOY_CONF, 'utf8');
  const servers = upstreams.map((address) => `server ${address};`).join('\n        ');
  return replaceOnce(replaceOnce(conf, LISTEN, `listen 127.0.0.1:${port};`), UPSTREAM, servers);
}

/** A fresh prefix directory holding `conf` as nginx.conf. Readable by nginx's workers, which run as nobody under root. */
export function nginxPrefix(conf: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journey-nginx-'));
  fs.chmodSync(dir, 0o755);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf);
  return dir;
}

/** `nginx -t` on a prefix: its verdict and what it printed. */
export function nginxTest(dir: string): { ok: boolean; output: string } {
  const result = spawnSync(NGINX_PATH, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' });
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface NginxFront {
  /** http://127.0.0.1:{port} */
  base: string;
  dir: string;
  stop(): Promise<void>;
}

/** Starts nginx with deploy/nginx.conf in the foreground on `port`, in front of `upstreams`. */
export async function startNginxFront(port: number, upstreams: readonly string[]): Promise<NginxFront> {
  const dir = nginxPrefix(nginxConfigFor(port, upstreams));
  const child = spawn(NGINX_PATH, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr.on('data', (chunk) => (errors += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; !(await listening(port)); i += 1) {
    if (child.exitCode !== null || i > 100) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not start on ${port}: ${errors || fs.readFileSync(path.join(dir, 'error.log'), 'utf8')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    stop: async () => {
      // SIGTERM is nginx's fast shutdown: the master stops its workers, then itself.
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
