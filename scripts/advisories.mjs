// @ts-check
// The dependencies checked offline (issue 24, finding 11): `npm audit` needs an advisory
// service, which CI machines and this one cannot reach. So the advisories live in the repo
// (data/advisories.json, with the date they were last fetched) and this script checks every
// package of package-lock.json against them, nested copies included:
//   node scripts/advisories.mjs             (npm run advisories; npm test runs it) the check
//   node scripts/advisories.mjs --refresh   (npm run advisories:refresh) fetch them again
// The check fails on an installed version inside an advisory's range at or above the list's
// `failAt` severity, names what to upgrade to, and warns below it or when the list is old.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADVISORIES_FILE = path.join(ROOT, 'data/advisories.json');
const LOCKFILE = path.join(ROOT, 'package-lock.json');

/** npm's severities, lowest first. */
export const SEVERITIES = /** @type {const} */ (['info', 'low', 'moderate', 'high', 'critical']);

/**
 * @typedef {(typeof SEVERITIES)[number]} Severity
 * @typedef {{ package: string, id: string, cve?: string, severity: Severity, title: string, vulnerable: string, fixed: string[], url?: string }} Advisory
 * @typedef {{ refreshed: string | null, source: string, failAt: Severity, maxAgeDays: number, advisories: Advisory[] }} AdvisoryList
 * @typedef {{ name: string, version: string, location: string }} InstalledPackage
 * @typedef {{ pkg: InstalledPackage, advisory: Advisory, fixedIn: string | null }} Finding
 */

/** A version matches a range prereleases included: 1.12.0-beta.1 is still below 1.12.0. */
const OPTIONS = { includePrerelease: true };

/**
 * Every package the lockfile installs, nested copies included (`node_modules/a/node_modules/b`),
 * but not the project itself, its workspaces or links (our own code).
 * @param {{ packages?: Record<string, { name?: string, version?: string, link?: boolean }> }} lock
 * @returns {InstalledPackage[]}
 */
export function installedPackages(lock) {
  if (!lock.packages) throw new Error('package-lock.json has no "packages": lockfileVersion 2 or later is needed.');
  /** @type {InstalledPackage[]} */
  const installed = [];
  for (const [location, entry] of Object.entries(lock.packages)) {
    const at = location.lastIndexOf('node_modules/');
    if (at === -1 || entry.link || !entry.version) continue;
    installed.push({ name: entry.name ?? location.slice(at + 'node_modules/'.length), version: entry.version, location });
  }
  return installed;
}

/**
 * The list as data/advisories.json holds it, checked so that a typo cannot hide a package.
 * @param {unknown} json
 * @returns {AdvisoryList}
 */
export function parseAdvisoryList(json) {
  const list = /** @type {Partial<AdvisoryList>} */ (json ?? {});
  const problems = [];
  if (list.refreshed !== null && !(typeof list.refreshed === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(list.refreshed)))
    problems.push('"refreshed" must be a date (YYYY-MM-DD) or null');
  if (!SEVERITIES.includes(/** @type {Severity} */ (list.failAt))) problems.push(`"failAt" must be one of ${SEVERITIES.join(', ')}`);
  if (!Number.isInteger(list.maxAgeDays) || /** @type {number} */ (list.maxAgeDays) < 1)
    problems.push('"maxAgeDays" must be a whole number of days');
  if (!Array.isArray(list.advisories)) problems.push('"advisories" must be a list');
  for (const [index, advisory] of (Array.isArray(list.advisories) ? list.advisories : []).entries()) {
    const where = `advisories[${index}] (${advisory?.package ?? '?'} ${advisory?.id ?? '?'})`;
    if (typeof advisory?.package !== 'string' || !advisory.package) problems.push(`${where}: "package" must be a package name`);
    if (typeof advisory?.id !== 'string' || !/^(GHSA(-[23456789cfghjmpqrvwx]{4}){3}|CVE-\d{4}-\d{4,}|npm:\d+)$/.test(advisory.id))
      problems.push(`${where}: "id" must be a GHSA or CVE id`);
    if (!SEVERITIES.includes(advisory?.severity)) problems.push(`${where}: "severity" must be one of ${SEVERITIES.join(', ')}`);
    if (typeof advisory?.title !== 'string' || !advisory.title) problems.push(`${where}: "title" is missing`);
    if (typeof advisory?.vulnerable !== 'string' || semver.validRange(advisory.vulnerable, OPTIONS) === null)
      problems.push(`${where}: "vulnerable" must be a semver range`);
    if (!Array.isArray(advisory?.fixed) || advisory.fixed.some((version) => semver.valid(version) === null))
      problems.push(`${where}: "fixed" must be a list of versions (empty when none is known)`);
  }
  if (problems.length) throw new Error(`data/advisories.json is not valid:\n  ${problems.join('\n  ')}`);
  return /** @type {AdvisoryList} */ (list);
}

/**
 * The first release that fixes `version`: the lowest of the advisory's fixed versions above it
 * and outside the range; null when the list knows none.
 * @param {Advisory} advisory
 * @param {string} version
 */
export function fixedVersionFor(advisory, version) {
  const candidates = advisory.fixed.filter(
    (fixed) => semver.gt(fixed, version, OPTIONS) && !semver.satisfies(fixed, advisory.vulnerable, OPTIONS),
  );
  return candidates.sort(semver.compare)[0] ?? null;
}

/**
 * The installed packages each advisory covers, split at the list's threshold.
 * @param {InstalledPackage[]} installed
 * @param {AdvisoryList} list
 * @returns {{ failures: Finding[], warnings: Finding[], unchecked: InstalledPackage[] }}
 */
export function checkPackages(installed, list) {
  /** @type {Map<string, Advisory[]>} */
  const byName = new Map();
  for (const advisory of list.advisories) byName.set(advisory.package, [...(byName.get(advisory.package) ?? []), advisory]);
  const threshold = SEVERITIES.indexOf(list.failAt);
  /** @type {Finding[]} */
  const failures = [];
  /** @type {Finding[]} */
  const warnings = [];
  /** @type {InstalledPackage[]} */
  const unchecked = [];
  for (const pkg of installed) {
    const advisories = byName.get(pkg.name);
    if (!advisories) continue;
    // A version that is not semver (a git or file dependency) cannot be placed in a range: said, not guessed.
    if (semver.valid(pkg.version) === null) {
      unchecked.push(pkg);
      continue;
    }
    for (const advisory of advisories) {
      if (!semver.satisfies(pkg.version, advisory.vulnerable, OPTIONS)) continue;
      const finding = { pkg, advisory, fixedIn: fixedVersionFor(advisory, pkg.version) };
      (SEVERITIES.indexOf(advisory.severity) >= threshold ? failures : warnings).push(finding);
    }
  }
  return { failures, warnings, unchecked };
}

/**
 * Whole days since the list was refreshed; null when it never was.
 * @param {AdvisoryList} list
 * @param {Date} now
 */
export function listAgeDays(list, now) {
  if (!list.refreshed) return null;
  return Math.floor((now.getTime() - Date.parse(`${list.refreshed}T00:00:00Z`)) / 86_400_000);
}

/** @param {Finding} finding */
export function describeFinding({ pkg, advisory, fixedIn }) {
  const ids = [advisory.id, advisory.cve].filter(Boolean).join(', ');
  const fix = fixedIn ? `fixed in ${fixedIn}` : 'no fixed version known';
  return `${pkg.name} ${pkg.version} (${pkg.location}): ${ids}, ${advisory.severity}: ${advisory.title}; vulnerable ${advisory.vulnerable}, ${fix}`;
}

/**
 * The check's report: the lines to print and whether it fails.
 * @param {InstalledPackage[]} installed
 * @param {AdvisoryList} list
 * @param {Date} now
 * @returns {{ ok: boolean, errors: string[], warnings: string[], summary: string }}
 */
export function report(installed, list, now) {
  const { failures, warnings, unchecked } = checkPackages(installed, list);
  const age = listAgeDays(list, now);
  const warningLines = [
    ...warnings.map((finding) => `below the "${list.failAt}" threshold: ${describeFinding(finding)}`),
    ...unchecked.map((pkg) => `${pkg.name} ${pkg.version} (${pkg.location}) has advisories but no semver version: check it by hand`),
  ];
  if (age === null) {
    warningLines.push('data/advisories.json was never refreshed from a registry: run `npm run advisories:refresh` where one is reachable.');
  } else if (age > list.maxAgeDays) {
    warningLines.push(
      `data/advisories.json was refreshed ${age} days ago (${list.refreshed}), more than ${list.maxAgeDays}: run \`npm run advisories:refresh\` where a registry is reachable.`,
    );
  }
  const errors = failures.map(
    (finding) => `${describeFinding(finding)}: upgrade ${finding.pkg.name}${finding.fixedIn ? ` to ${finding.fixedIn} or later` : ''}`,
  );
  const checked = `${installed.length} installed packages against ${list.advisories.length} advisories (refreshed ${list.refreshed ?? 'never'})`;
  const summary = errors.length
    ? `${errors.length} known ${errors.length === 1 ? 'vulnerability' : 'vulnerabilities'} at or above "${list.failAt}" in ${checked}.`
    : `No known vulnerability at or above "${list.failAt}" in ${checked}.`;
  return { ok: errors.length === 0, errors, warnings: warningLines, summary };
}

// ---- Refresh -------------------------------------------------------------------------

/**
 * The bulk query npm audit sends: every installed name with its versions.
 * @param {InstalledPackage[]} installed
 * @returns {Record<string, string[]>}
 */
export function bulkQuery(installed) {
  /** @type {Record<string, string[]>} */
  const query = {};
  for (const { name, version } of installed) {
    const versions = (query[name] ??= []);
    if (!versions.includes(version)) versions.push(version);
  }
  return query;
}

/**
 * The versions at which a range ends, from every published version: each one outside the
 * range whose predecessor is inside it.
 * @param {string[]} published
 * @param {string} vulnerable
 */
export function fixedVersions(published, vulnerable) {
  const sorted = published.filter((version) => semver.valid(version) !== null).sort(semver.compare);
  return sorted.filter(
    (version, index) =>
      index > 0 &&
      !semver.satisfies(version, vulnerable, OPTIONS) &&
      semver.satisfies(/** @type {string} */ (sorted[index - 1]), vulnerable, OPTIONS) &&
      // A prerelease is not a fix to upgrade to.
      semver.prerelease(version) === null,
  );
}

/**
 * @param {string} registry
 * @param {string} name
 */
const packumentUrl = (registry, name) => new URL(name.replace('/', '%2F'), registry).toString();

/**
 * Fetches the advisories of the installed packages from the registry's bulk endpoint (what
 * `npm audit` asks), and the published versions of each affected package to know its fixes,
 * then merges them into the list: an advisory the registry answered replaces the list's, and
 * the list's others stay (they concern versions not installed now, which a later install may bring).
 * @param {InstalledPackage[]} installed
 * @param {AdvisoryList} list
 * @param {{ registry: string, now: Date, fetch?: typeof fetch }} options
 * @returns {Promise<{ list: AdvisoryList, fetched: Advisory[] }>}
 */
export async function refreshList(installed, list, { registry, now, fetch: get = fetch }) {
  const bulk = new URL('-/npm/v1/security/advisories/bulk', registry).toString();
  const answer = await get(bulk, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(bulkQuery(installed)),
  });
  if (!answer.ok) {
    const allow = answer.headers.get('allow');
    throw new Error(
      `The registry answered ${answer.status}${allow ? ` (it allows ${allow} only)` : ''} to POST ${bulk}: it takes no advisory queries here ` +
        `(a read-only mirror?). data/advisories.json was left as it was (refreshed ${list.refreshed ?? 'never'}).`,
    );
  }
  const found =
    /** @type {Record<string, Array<{ id: number, url?: string, title: string, severity: Severity, vulnerable_versions: string }>>} */ (
      await answer.json()
    );
  const previous = new Map(list.advisories.map((advisory) => [`${advisory.package} ${advisory.id}`, advisory]));
  /** @type {Advisory[]} */
  const fetched = [];
  for (const [name, advisories] of Object.entries(found)) {
    if (!advisories.length) continue;
    const packument = await get(packumentUrl(registry, name), { headers: { accept: 'application/vnd.npm.install-v1+json' } });
    if (!packument.ok)
      throw new Error(`The registry answered ${packument.status} for ${name}'s versions; data/advisories.json was left as it was.`);
    const published = Object.keys(/** @type {{ versions?: Record<string, unknown> }} */ (await packument.json()).versions ?? {});
    for (const advisory of advisories) {
      const id = /GHSA(-[23456789cfghjmpqrvwx]{4}){3}$/.exec(advisory.url ?? '')?.[0] ?? `npm:${advisory.id}`;
      const cve = previous.get(`${name} ${id}`)?.cve;
      fetched.push({
        package: name,
        id,
        ...(cve ? { cve } : {}),
        severity: advisory.severity,
        title: advisory.title,
        vulnerable: advisory.vulnerable_versions,
        fixed: fixedVersions(published, advisory.vulnerable_versions),
        ...(advisory.url ? { url: advisory.url } : {}),
      });
    }
  }
  const merged = new Map(previous);
  for (const advisory of fetched) merged.set(`${advisory.package} ${advisory.id}`, advisory);
  const advisories = [...merged.values()].sort((a, b) => a.package.localeCompare(b.package) || a.id.localeCompare(b.id));
  return {
    list: { ...list, refreshed: now.toISOString().slice(0, 10), source: `${bulk}, merged with the list's earlier entries`, advisories },
    fetched,
  };
}

// ---- Command line --------------------------------------------------------------------

/** @param {string} file */
const readJson = (file) => JSON.parse(fs.readFileSync(file, 'utf8'));

/**
 * `--name=value` from the command line (the tests point the check at a lockfile or list of their own).
 * @param {string} name
 * @param {string} otherwise
 */
const option = (name, otherwise) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) || otherwise;

/** Runs the check (or the refresh, then the check) and exits 1 on failure. */
async function main() {
  const listFile = option('list', ADVISORIES_FILE);
  const installed = installedPackages(readJson(option('lockfile', LOCKFILE)));
  let list = parseAdvisoryList(readJson(listFile));
  if (process.argv.includes('--refresh')) {
    const registry = (process.env.npm_config_registry || 'https://registry.npmjs.org/').replace(/\/?$/, '/');
    const refreshed = await refreshList(installed, list, { registry, now: new Date() });
    list = refreshed.list;
    fs.writeFileSync(listFile, `${JSON.stringify(list, null, 2)}\n`);
    console.log(
      `Refreshed data/advisories.json from ${registry}: ${refreshed.fetched.length} advisories concern the installed packages, ${list.advisories.length} in the list.`,
    );
  }
  const { ok, errors, warnings, summary } = report(installed, list, new Date());
  for (const line of warnings) console.warn(`warning: ${line}`);
  for (const line of errors) console.error(`error: ${line}`);
  console.log(summary);
  if (!ok) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
