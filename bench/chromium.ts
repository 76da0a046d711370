import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM_ARGS } from '@/playwright.config';

/** The same flags as the browser tests, headless. */
export const CHROMIUM_FLAGS = [...CHROMIUM_ARGS, '--headless=new'];

export interface DebuggableChromium {
  /** The remote-debugging port: Playwright and Lighthouse both attach to this one browser. */
  port: number;
  close(): Promise<void>;
}

/**
 * Starts Debian's Chromium (never a downloaded one) with a remote-debugging port, so that
 * the visitor's steps (Playwright) and the audits (Lighthouse) share one browser and so
 * one cookie jar and tab. Port 0 lets Chromium pick a free port (parallel runs on this
 * machine do not clash); it writes the port to DevToolsActivePort in its profile.
 */
export async function launchChromium(executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'): Promise<DebuggableChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-chromium-'));
  const child = spawn(executablePath, [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    }
    // Its helper processes may still be writing to the profile for a moment after it exits.
    try {
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch {
      // a leftover folder in the temporary directory is not worth failing the bench for
    }
  };
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 100; i += 1) {
    if (child.exitCode !== null) break;
    const port = fs.existsSync(portFile) ? Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]) : 0;
    if (port > 0) return { port, close };
    await new Promise((r) => setTimeout(r, 100));
  }
  await close();
  throw new Error(`Chromium at ${executablePath} did not open a remote-debugging port`);
}
