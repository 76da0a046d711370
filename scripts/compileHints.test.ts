import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HINT, addCompileHints, shiftedSourceMap, sourceMapFileOf, withCompileHint } from './compileHints.mjs';

describe('compile hints', () => {
  it('puts the hint first, once', () => {
    expect(withCompileHint('let a = 1;')).toBe(`${HINT}let a = 1;`);
    expect(withCompileHint(withCompileHint('let a = 1;'))).toBe(`${HINT}let a = 1;`);
  });

  it('moves a source map one line down, plain or made of sections', () => {
    expect(shiftedSourceMap({ version: 3, mappings: 'AAAA;AACA' })).toEqual({ version: 3, mappings: ';AAAA;AACA' });
    const sections = { version: 3, sections: [{ offset: { line: 0, column: 0 }, map: { mappings: 'AAAA' } }] };
    expect(shiftedSourceMap(sections).sections?.[0]?.offset).toEqual({ line: 1, column: 0 });
  });

  it("finds a script's source map by the name its sourceMappingURL gives, else beside it", () => {
    expect(sourceMapFileOf('/d/x.js', 'x();\n//# sourceMappingURL=1abc.js.map')).toBe('/d/1abc.js.map');
    expect(sourceMapFileOf('/d/x.js', 'x();')).toBe('/d/x.js.map');
    expect(sourceMapFileOf('/d/x.js', 'x();\n//# sourceMappingURL=data:application/json;base64,e30=')).toBe('/d/x.js.map');
  });

  it('hints every browser chunk of a build, nested ones too, and leaves other files alone', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'hints-'));
    const chunks = path.join(dist, 'static', 'chunks');
    fs.mkdirSync(path.join(chunks, 'pages'), { recursive: true });
    fs.writeFileSync(path.join(chunks, 'a.js'), 'a();');
    fs.writeFileSync(path.join(chunks, 'a.js.map'), JSON.stringify({ version: 3, mappings: 'AAAA' }));
    fs.writeFileSync(path.join(chunks, 'pages', 'b.js'), 'b();\n//# sourceMappingURL=0before-hash.js.map');
    fs.writeFileSync(path.join(chunks, 'pages', '0before-hash.js.map'), JSON.stringify({ version: 3, mappings: 'BBBB' }));
    fs.writeFileSync(path.join(chunks, 'c.css'), 'body{}');
    expect(addCompileHints(dist)).toBe(2);
    expect(fs.readFileSync(path.join(chunks, 'a.js'), 'utf8')).toBe(`${HINT}a();`);
    expect(fs.readFileSync(path.join(chunks, 'pages', 'b.js'), 'utf8')).toBe(`${HINT}b();\n//# sourceMappingURL=0before-hash.js.map`);
    expect(JSON.parse(fs.readFileSync(path.join(chunks, 'pages', '0before-hash.js.map'), 'utf8')).mappings).toBe(';BBBB');
    expect(JSON.parse(fs.readFileSync(path.join(chunks, 'a.js.map'), 'utf8')).mappings).toBe(';AAAA');
    expect(fs.readFileSync(path.join(chunks, 'c.css'), 'utf8')).toBe('body{}');
    // A second run (a build step repeated) changes nothing.
    expect(addCompileHints(dist)).toBe(0);
    expect(addCompileHints(path.join(dist, 'missing'))).toBe(0);
    fs.rmSync(dist, { recursive: true });
  });
});
