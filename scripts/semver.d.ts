// The part of semver 6 (no types of its own) that scripts/advisories.mjs uses, typed here
// rather than by adding @types/semver, whose version would have to follow the hoisted copy.
declare module 'semver' {
  interface Options {
    loose?: boolean;
    includePrerelease?: boolean;
  }
  interface Semver {
    valid(version: string, options?: Options): string | null;
    validRange(range: string, options?: Options): string | null;
    satisfies(version: string, range: string, options?: Options): boolean;
    gt(a: string, b: string, options?: Options): boolean;
    compare(a: string, b: string, options?: Options): -1 | 0 | 1;
    prerelease(version: string, options?: Options): ReadonlyArray<string | number> | null;
  }
  const semver: Semver;
  export default semver;
}
