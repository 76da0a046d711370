/** A promise settled from outside: a wallet's callbacks answer what another callback awaits. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: Error): void;
  readonly settled: boolean;
}

export function deferred<T>(): Deferred<T> {
  let settle!: { resolve(value: T): void; reject(error: Error): void };
  const promise = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
  // A rejection nobody awaits (the wallet closed first) is not an unhandled error.
  promise.catch(() => undefined);
  let settled = false;
  return {
    promise,
    get settled() {
      return settled;
    },
    resolve(value) {
      if (settled) return;
      settled = true;
      settle.resolve(value);
    },
    reject(error) {
      if (settled) return;
      settled = true;
      settle.reject(error);
    },
  };
}
