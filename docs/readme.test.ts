/**
 * The README stays short and true: its layout names only folders that exist, and every
 * top-level folder of the repository; it is at most 200 lines; its links to docs/ lead
 * to files, and every file in docs/ is linked.
 *
 * The layout is the fenced block under "## Layout": one folder a line, its path ending in
 * "/", two spaces of indentation per level below its parent, then what it holds.
 * Top-level folders are those of the files git tracks, dot-folders (.ci) included.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const README = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const MAX_LINES = 200;

interface LayoutEntry {
  /** The folder's path from the repository's root, ending in "/". */
  path: string;
  line: number;
}

/** The lines of the first fenced block under "## Layout", with their line numbers in the README. */
function layoutBlock(markdown: string): { text: string; line: number }[] {
  const lines = markdown.split('\n');
  const heading = lines.findIndex((line) => line.trim() === '## Layout');
  if (heading === -1) throw new Error('README.md has no "## Layout" section');
  const sectionEnd = lines.findIndex((line, index) => index > heading && line.startsWith('## '));
  const section = lines.slice(heading + 1, sectionEnd === -1 ? undefined : sectionEnd);
  const open = section.findIndex((line) => line.startsWith('```'));
  const close = section.findIndex((line, index) => index > open && line.startsWith('```'));
  if (open === -1 || close === -1) throw new Error('the "## Layout" section has no fenced block');
  return section.slice(open + 1, close).map((text, index) => ({ text, line: heading + 1 + open + 1 + index + 1 }));
}

/** Parses the layout block into full paths; a line that does not follow the format throws, naming it. */
function parseLayout(markdown: string): LayoutEntry[] {
  const entries: LayoutEntry[] = [];
  const parents: string[] = [];
  for (const { text, line } of layoutBlock(markdown)) {
    if (text.trim() === '') continue;
    const match = /^( *)([^\s/][^\s]*\/)\s+\S/.exec(text);
    if (!match) throw new Error(`README.md line ${line}: not "<indent><folder>/ <what it holds>": ${JSON.stringify(text)}`);
    const indent = match[1]!.length;
    const name = match[2]!;
    if (indent % 2 !== 0) throw new Error(`README.md line ${line}: indent by two spaces a level`);
    const level = indent / 2;
    if (level > parents.length) throw new Error(`README.md line ${line}: ${name} is indented below no parent folder`);
    parents.length = level;
    entries.push({ path: parents.join('') + name, line });
    parents.push(name);
  }
  return entries;
}

function trackedFiles(): string[] {
  return execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean);
}

describe('README.md', () => {
  const layout = parseLayout(README);
  const tracked = trackedFiles();

  it('lays out only folders that exist and hold tracked files', () => {
    expect(layout.length).toBeGreaterThan(0);
    const missing = layout.filter((entry) => !fs.statSync(path.join(ROOT, entry.path), { throwIfNoEntry: false })?.isDirectory());
    expect(
      missing.map((entry) => `line ${entry.line}: ${entry.path}`),
      'folders the layout names that do not exist',
    ).toEqual([]);
    const untracked = layout.filter((entry) => !tracked.some((file) => file.startsWith(entry.path)));
    expect(
      untracked.map((entry) => `line ${entry.line}: ${entry.path}`),
      'folders the layout names that git does not track',
    ).toEqual([]);
  });

  it('names each folder once', () => {
    const paths = layout.map((entry) => entry.path);
    expect(paths.filter((entry, index) => paths.indexOf(entry) !== index)).toEqual([]);
  });

  it('lays out every top-level folder of the repository', () => {
    const topLevel = [...new Set(tracked.filter((file) => file.includes('/')).map((file) => `${file.split('/')[0]}/`))].sort();
    const listed = new Set(layout.map((entry) => entry.path));
    expect(
      topLevel.filter((folder) => !listed.has(folder)),
      'top-level folders missing from the layout',
    ).toEqual([]);
  });

  it(`is at most ${MAX_LINES} lines`, () => {
    expect(README.replace(/\n$/, '').split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('links only to files of docs/ that exist, and to every one of them', () => {
    const links = [...README.matchAll(/\]\((docs\/[^)#\s]+)(?:#[^)\s]*)?\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(0);
    expect(
      links.filter((link) => !fs.existsSync(path.join(ROOT, link))),
      'links to docs/ that lead nowhere',
    ).toEqual([]);
    const docs = fs
      .readdirSync(path.join(ROOT, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`);
    expect(
      docs.filter((doc) => !links.includes(doc)),
      'files in docs/ the README does not link',
    ).toEqual([]);
  });
});

describe('parseLayout', () => {
  const readme = (block: string) => `# T\n\n## Layout\n\n\`\`\`\n${block}\n\`\`\`\n\n## Next\n`;

  it('builds full paths from the indentation', () => {
    expect(
      parseLayout(readme('lib/     logic\n  server/  server only\n    db/  databases\n  tracking/  events\ntests/  suites')).map(
        (entry) => entry.path,
      ),
    ).toEqual(['lib/', 'lib/server/', 'lib/server/db/', 'lib/tracking/', 'tests/']);
  });

  it('refuses a line that is not a folder with a description, or an indent without a parent', () => {
    expect(() => parseLayout(readme('lib  logic'))).toThrow(/line 6/);
    expect(() => parseLayout(readme('lib/'))).toThrow(/not "<indent><folder>\//);
    expect(() => parseLayout(readme('lib/  logic\n    db/  skips a level'))).toThrow(/below no parent/);
    expect(() => parseLayout(readme(' lib/  odd indent'))).toThrow(/two spaces/);
  });
});
