import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isolationReason, testProjects, usesDom } from './testProjects.mjs';

describe('testProjects', () => {
  const projects = testProjects();
  const all = Object.values(projects).flat();

  it('puts every test file in exactly one project', () => {
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(
      expect.arrayContaining(['scripts/testProjects.test.ts', 'lib/server/http/HttpError.test.ts', 'docs/readme.test.ts']),
    );
    expect(all.every((file) => /\.test\.tsx?$/.test(file))).toBe(true);
  });

  it('shares no worker with a file that mocks modules, and gives jsdom to the files that ask for it', () => {
    for (const [name, files] of Object.entries(projects)) {
      for (const file of files) {
        const source = fs.readFileSync(file, 'utf8');
        expect({ file, isolated: isolationReason(source) !== null }).toEqual({ file, isolated: name.startsWith('isolated') });
        expect({ file, dom: usesDom(source) }).toEqual({ file, dom: name.endsWith('-dom') });
      }
    }
    expect(projects.isolated).toContain('lib/server/subscriptions/publicCancellation.test.ts');
    expect(projects['isolated-dom']).toContain('components/steps/CreditCardStep.stripe.test.tsx');
  });
});

describe('isolationReason', () => {
  it('isolates a file that mocks a module, however it is written', () => {
    // Written apart, so that this file's own source mocks nothing.
    for (const call of ["mock('./x')", 'mock("@/lib/a", () => ({}))', ' .doMock(x)', 'hoisted(() => 1)', 'unmock(y)'])
      expect(isolationReason(`const h = vi${call.startsWith(' ') ? '' : '.'}${call};`)).toMatch(/mocks modules/);
  });

  it('isolates a file that says why it must be, and refuses the comment without a reason', () => {
    expect(isolationReason("import x from 'y';\n// vitest-isolate: patches Date.prototype\n")).toBe('patches Date.prototype');
    expect(() => isolationReason('// vitest-isolate:\n')).toThrow(/says why/);
  });

  it('shares what the setup file undoes: stubbed globals and env, fake timers, spies, the env', () => {
    const source = "vi.stubGlobal('fetch', f); vi.stubEnv('A', 'b'); vi.useFakeTimers(); vi.spyOn(console, 'error'); process.env.X = '1';";
    expect(isolationReason(source)).toBeNull();
  });
});

describe('usesDom', () => {
  // Written apart, so that this file's own source asks for no jsdom.
  const docblock = ['@vitest', 'environment jsdom'].join('-');

  it('is the jsdom docblock', () => {
    expect(usesDom(`// ${docblock}\nimport x from "y";`)).toBe(true);
    expect(usesDom(`/** ${docblock} */`)).toBe(true);
    expect(usesDom('import { render } from "@testing-library/react";')).toBe(false);
  });
});
