import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  decideBuild,
  ensureBuild,
  liveServers,
  recordBuild,
  refusalWhileServing,
  registerServer,
  sourceFingerprint,
} from './buildGuard.mjs';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-guard-'));
  fs.mkdirSync(path.join(dir, 'lib'));
  fs.writeFileSync(path.join(dir, 'lib', 'a.ts'), 'export const a = 1;\n');
  fs.writeFileSync(path.join(dir, 'next.config.js'), 'module.exports = {};\n');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A build in .next as `next build` leaves one, recorded as made from the current sources. */
function built(): void {
  fs.mkdirSync(path.join(dir, '.next'), { recursive: true });
  fs.writeFileSync(path.join(dir, '.next', 'BUILD_ID'), 'b1');
  recordBuild(dir);
}

describe('sourceFingerprint', () => {
  it('changes with a build input, not with what the build does not read', () => {
    const before = sourceFingerprint(dir);
    fs.mkdirSync(path.join(dir, 'data'));
    fs.writeFileSync(path.join(dir, 'data', 'journey.db'), 'rows');
    fs.writeFileSync(path.join(dir, 'README.md'), 'words');
    expect(sourceFingerprint(dir)).toBe(before);
    fs.writeFileSync(path.join(dir, 'lib', 'a.ts'), 'export const a = 2;\n');
    expect(sourceFingerprint(dir)).not.toBe(before);
    fs.writeFileSync(path.join(dir, 'lib', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(path.join(dir, 'lib', 'b.ts'), '');
    expect(sourceFingerprint(dir)).not.toBe(before);
  });
});

describe('decideBuild', () => {
  const facts = { hasBuild: true, storedFingerprint: 'f1', currentFingerprint: 'f1', servers: [] };
  it.each([
    ['a current build', facts, 'reuse'],
    ['a current build, a server running', { ...facts, servers: [{ pid: 1, port: 3000 }] }, 'reuse'],
    ['a stale build, nothing running', { ...facts, currentFingerprint: 'f2' }, 'build'],
    ['no build yet', { ...facts, hasBuild: false, storedFingerprint: null }, 'build'],
    ['a build asked for anyway, nothing running', { ...facts, alwaysBuild: true }, 'build'],
    ['a stale build under a running server', { ...facts, currentFingerprint: 'f2', servers: [{ pid: 1, port: 3000 }] }, 'refuse'],
    ['a build asked for under a running server', { ...facts, alwaysBuild: true, servers: [{ pid: 1, port: 3000 }] }, 'refuse'],
  ] as const)('%s: %s', (_name, input, action) => {
    expect(decideBuild(input).action).toBe(action);
  });

  it('says which server to stop, and why', () => {
    const decision = decideBuild({ ...facts, currentFingerprint: 'f2', servers: [{ pid: 4242, port: 3000 }] });
    expect(decision).toMatchObject({ action: 'refuse', message: expect.stringContaining('pid 4242, port 3000') });
    expect(decision.action === 'refuse' && decision.message).toContain('Stop that server');
  });
});

describe('servers of the checkout', () => {
  it('knows the running ones, and forgets a record left by a server that was killed', async () => {
    const unregister = registerServer(dir, 3000);
    expect(liveServers(dir)).toEqual([{ pid: process.pid, port: 3000 }]);
    const child = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => child.on('exit', resolve));
    fs.writeFileSync(path.join(dir, '.next', 'servers', String(child.pid)), JSON.stringify({ pid: child.pid, port: 3001 }));
    fs.writeFileSync(path.join(dir, '.next', 'servers', 'garbage'), 'not json');
    expect(liveServers(dir)).toEqual([{ pid: process.pid, port: 3000 }]);
    expect(fs.readdirSync(path.join(dir, '.next', 'servers'))).toEqual([String(process.pid)]);
    expect(refusalWhileServing(dir)).toContain(`pid ${process.pid}`);
    unregister();
    expect(liveServers(dir)).toEqual([]);
    expect(refusalWhileServing(dir)).toBeNull();
  });
});

describe('ensureBuild', () => {
  it('reuses a current build, even with a server running, without building', () => {
    built();
    const unregister = registerServer(dir, 3000);
    const said: string[] = [];
    expect(ensureBuild({ dir, log: (message) => said.push(message) })).toBe('reused');
    expect(said).toEqual(['The build in .next is current: reusing it.']);
    unregister();
  });

  it('refuses to replace a stale build under a running server, and leaves the build as it was', () => {
    built();
    const unregister = registerServer(dir, 3000);
    fs.writeFileSync(path.join(dir, 'lib', 'a.ts'), 'export const a = 3;\n');
    expect(() => ensureBuild({ dir })).toThrow(/serving its build .*out of date/);
    expect(fs.readFileSync(path.join(dir, '.next', 'BUILD_ID'), 'utf8')).toBe('b1');
    unregister();
  });
});
