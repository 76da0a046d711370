import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ADVISORIES_FILE,
  checkPackages,
  fixedVersions,
  installedPackages,
  parseAdvisoryList,
  refreshList,
  report,
  type Advisory,
  type AdvisoryList,
} from './advisories.mjs';

const AXIOS: Advisory = {
  package: 'axios',
  id: 'GHSA-4hjh-wcwx-xvwj',
  cve: 'CVE-2025-58754',
  severity: 'high',
  title: 'Axios is vulnerable to DoS attack through lack of data size check',
  vulnerable: '<0.30.2 || >=1.0.0 <1.12.0',
  fixed: ['0.30.2', '1.12.0'],
};
const COOKIE: Advisory = {
  package: 'cookie',
  id: 'GHSA-pxg6-pf52-xh8x',
  severity: 'low',
  title: 'cookie accepts cookie name, path, and domain with out of bounds characters',
  vulnerable: '<0.7.0',
  fixed: ['0.7.0'],
};
const NOW = new Date('2026-11-27T12:00:00Z');
const list = (overrides: Partial<AdvisoryList> = {}): AdvisoryList => ({
  refreshed: '2026-11-01',
  source: 'test',
  failAt: 'high',
  maxAgeDays: 90,
  advisories: [AXIOS, COOKIE],
  ...overrides,
});

/** A lockfile (v3) with these packages at these places. */
const lock = (packages: Record<string, object>) => ({
  lockfileVersion: 3,
  packages: { '': { name: 'purchase-journey', version: '0.1.0' }, ...packages },
});

describe('installedPackages', () => {
  it('takes every installed package, nested and scoped ones too, but not the project, its workspaces or links', () => {
    const installed = installedPackages(
      lock({
        'node_modules/axios': { version: '1.12.2' },
        'node_modules/some-tool/node_modules/axios': { version: '1.11.0', dev: true },
        'node_modules/@scope/pkg': { version: '2.0.0' },
        'node_modules/alias': { name: 'cookie', version: '0.6.0' },
        'node_modules/our-workspace': { link: true, resolved: 'packages/our-workspace' },
        'packages/our-workspace': { version: '1.0.0' },
      }),
    );
    expect(installed).toEqual([
      { name: 'axios', version: '1.12.2', location: 'node_modules/axios' },
      { name: 'axios', version: '1.11.0', location: 'node_modules/some-tool/node_modules/axios' },
      { name: '@scope/pkg', version: '2.0.0', location: 'node_modules/@scope/pkg' },
      { name: 'cookie', version: '0.6.0', location: 'node_modules/alias' },
    ]);
  });

  it('refuses a lockfile without "packages" (lockfileVersion 1)', () => {
    expect(() => installedPackages({})).toThrow(/lockfileVersion 2 or later/);
  });
});

describe('the check', () => {
  it('fails on a nested package inside a range at the threshold, naming it, its version, the advisory and the fix', () => {
    const installed = installedPackages(lock({ 'node_modules/a/node_modules/axios': { version: '1.11.0' } }));
    const result = report(installed, list(), NOW);
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([
      'axios 1.11.0 (node_modules/a/node_modules/axios): GHSA-4hjh-wcwx-xvwj, CVE-2025-58754, high: Axios is vulnerable to DoS attack through lack of data size check; vulnerable <0.30.2 || >=1.0.0 <1.12.0, fixed in 1.12.0: upgrade axios to 1.12.0 or later',
    ]);
    expect(result.summary).toMatch(/^1 known vulnerability at or above "high" in 1 installed packages against 2 advisories/);
  });

  it.each([
    ['0.30.1', '0.30.2'],
    ['0.19.0', '0.30.2'],
    ['1.0.0', '1.12.0'],
    ['1.12.0-beta.1', '1.12.0'],
  ])('finds axios %s vulnerable, fixed in %s', (version, fixedIn) => {
    const { failures } = checkPackages([{ name: 'axios', version, location: 'node_modules/axios' }], list());
    expect(failures.map((finding) => finding.fixedIn)).toEqual([fixedIn]);
  });

  it.each(['0.30.2', '1.12.0', '1.13.1', '2.0.0'])('passes axios %s', (version) => {
    expect(report([{ name: 'axios', version, location: 'node_modules/axios' }], list(), NOW)).toMatchObject({ ok: true, errors: [] });
  });

  it('warns, without failing, on an advisory below the threshold; fails on it once the threshold is lowered', () => {
    const installed = [{ name: 'cookie', version: '0.6.0', location: 'node_modules/cookie' }];
    const warned = report(installed, list(), NOW);
    expect(warned.ok).toBe(true);
    expect(warned.warnings).toEqual([
      expect.stringMatching(/^below the "high" threshold: cookie 0\.6\.0 .*GHSA-pxg6-pf52-xh8x, low: .*fixed in 0\.7\.0$/),
    ]);
    expect(report(installed, list({ failAt: 'low' }), NOW).ok).toBe(false);
  });

  it('says, rather than guesses, when a package with advisories has no semver version', () => {
    const result = report([{ name: 'axios', version: 'github:axios/axios#main', location: 'node_modules/axios' }], list(), NOW);
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([expect.stringMatching(/axios github:axios\/axios#main .* no semver version: check it by hand/)]);
  });

  it('warns when the list is older than its maximum age, or was never refreshed', () => {
    expect(report([], list({ refreshed: '2026-08-29' }), NOW).warnings).toEqual([]);
    expect(report([], list({ refreshed: '2026-08-28' }), NOW).warnings).toEqual([
      expect.stringMatching(
        /^data\/advisories\.json was refreshed 91 days ago \(2026-08-28\), more than 90: run `npm run advisories:refresh`/,
      ),
    ]);
    expect(report([], list({ refreshed: null }), NOW).warnings).toEqual([expect.stringMatching(/never refreshed from a registry/)]);
  });
});

describe('parseAdvisoryList', () => {
  it('refuses a list a typo would make useless, naming each problem', () => {
    const bad = {
      refreshed: '27.11.2026',
      source: 'x',
      failAt: 'severe',
      maxAgeDays: 0,
      advisories: [{ ...AXIOS, id: 'axios-1', vulnerable: 'below 1.12', severity: 'bad', fixed: ['soon'] }],
    };
    expect(() => parseAdvisoryList(bad)).toThrow(
      /refreshed.*\n.*failAt.*\n.*maxAgeDays.*\n.*axios axios-1\): "id".*\n.*"severity".*\n.*"vulnerable".*\n.*"fixed"/,
    );
  });

  it('takes the committed list, which carries known advisories such as axios < 1.12.0', () => {
    const committed = parseAdvisoryList(JSON.parse(fs.readFileSync(ADVISORIES_FILE, 'utf8')));
    expect(committed.advisories).toContainEqual(expect.objectContaining({ package: 'axios', cve: 'CVE-2025-58754' }));
    expect(committed.failAt).toBe('high');
  });
});

describe('fixedVersions', () => {
  it('finds the first release out of each part of a range, prereleases aside', () => {
    const published = ['0.30.0', '0.30.1', '0.30.2', '1.0.0', '1.11.0', '1.12.0-beta.1', '1.12.0', '1.12.1'];
    expect(fixedVersions(published, AXIOS.vulnerable)).toEqual(['0.30.2', '1.12.0']);
    expect(fixedVersions(['1.0.0', '1.1.0'], '<2.0.0')).toEqual([]);
  });
});

describe('refreshList', () => {
  /** A registry that answers the bulk query and the packuments of these packages. */
  const registry = (bulk: Response, versions: Record<string, string[]>) => {
    const calls: { url: string; init?: RequestInit }[] = [];
    const fetch = async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({ url: String(url), init });
      if (String(url).endsWith('/-/npm/v1/security/advisories/bulk')) return bulk;
      const name = decodeURIComponent(new URL(String(url)).pathname.slice(1));
      return Response.json({ versions: Object.fromEntries((versions[name] ?? []).map((v) => [v, {}])) });
    };
    return { fetch: fetch as typeof globalThis.fetch, calls };
  };
  const installed = [
    { name: 'axios', version: '1.11.0', location: 'node_modules/axios' },
    { name: 'axios', version: '1.11.0', location: 'node_modules/x/node_modules/axios' },
    { name: '@scope/pkg', version: '2.0.0', location: 'node_modules/@scope/pkg' },
  ];

  it("asks for every installed name's versions, keeps the list's other entries and dates the list today", async () => {
    const answer = Response.json({
      axios: [
        {
          id: 1107982,
          url: 'https://github.com/advisories/GHSA-4hjh-wcwx-xvwj',
          title: 'Axios is vulnerable to DoS attack through lack of data size check',
          severity: 'high',
          vulnerable_versions: '<0.30.2 || >=1.0.0 <1.12.0',
        },
      ],
      '@scope/pkg': [{ id: 42, title: 'Something', severity: 'moderate', vulnerable_versions: '<2.1.0' }],
    });
    const { fetch, calls } = registry(answer, { axios: ['0.30.1', '0.30.2', '1.11.0', '1.12.0'], '@scope/pkg': ['2.0.0', '2.1.0'] });
    const refreshed = await refreshList(installed, list({ refreshed: null }), { registry: 'https://registry.example/', now: NOW, fetch });
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ axios: ['1.11.0'], '@scope/pkg': ['2.0.0'] });
    expect(calls[0]!.init!.method).toBe('POST');
    expect(calls.slice(1).map((call) => call.url)).toEqual(['https://registry.example/axios', 'https://registry.example/@scope%2Fpkg']);
    expect(refreshed.list.refreshed).toBe('2026-11-27');
    expect(refreshed.list.advisories).toEqual([
      { package: '@scope/pkg', id: 'npm:42', severity: 'moderate', title: 'Something', vulnerable: '<2.1.0', fixed: ['2.1.0'] },
      // The CVE the list knew is kept: the registry's answer does not carry it.
      { ...AXIOS, url: 'https://github.com/advisories/GHSA-4hjh-wcwx-xvwj' },
      COOKIE,
    ]);
    expect(() => parseAdvisoryList(refreshed.list)).not.toThrow();
  });

  it('leaves the list as it was when the registry takes no advisory queries, saying why', async () => {
    const { fetch } = registry(new Response(null, { status: 405, headers: { allow: 'GET,HEAD' } }), {});
    await expect(refreshList(installed, list(), { registry: 'https://registry.example/', now: NOW, fetch })).rejects.toThrow(
      /answered 405 \(it allows GET,HEAD only\) to POST https:\/\/registry\.example\/-\/npm\/v1\/security\/advisories\/bulk.*left as it was \(refreshed 2026-11-01\)/,
    );
  });
});

describe('node scripts/advisories.mjs', () => {
  const run = (lockfile: object, advisories: AdvisoryList) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'advisories-'));
    fs.writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockfile));
    fs.writeFileSync(path.join(dir, 'advisories.json'), JSON.stringify(advisories));
    const script = path.join(path.dirname(ADVISORIES_FILE), '..', 'scripts', 'advisories.mjs');
    const args = [script, `--lockfile=${path.join(dir, 'package-lock.json')}`, `--list=${path.join(dir, 'advisories.json')}`];
    const result = spawnSync(process.execPath, args, { encoding: 'utf8' });
    fs.rmSync(dir, { recursive: true, force: true });
    return result;
  };

  it('exits 1 with the reason on a vulnerable lockfile, 0 on a clean one', () => {
    const vulnerable = run(lock({ 'node_modules/axios': { version: '1.11.0' } }), list());
    expect(vulnerable.status).toBe(1);
    expect(vulnerable.stderr).toMatch(
      /^error: axios 1\.11\.0 \(node_modules\/axios\): GHSA-4hjh-wcwx-xvwj.*upgrade axios to 1\.12\.0 or later$/m,
    );
    const clean = run(lock({ 'node_modules/axios': { version: '1.12.0' } }), list());
    expect(clean.status).toBe(0);
    expect(clean.stdout).toMatch(
      /^No known vulnerability at or above "high" in 1 installed packages against 2 advisories \(refreshed 2026-11-01\)\.$/m,
    );
  });

  it('exits 1 on a list that is not valid', () => {
    const broken = run(lock({}), { ...list(), failAt: 'severe' as AdvisoryList['failAt'] });
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/data\/advisories\.json is not valid/);
  });
});
