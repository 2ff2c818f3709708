/** A one-shot signal for tests: `promise` settles once `resolve` is called (later calls do nothing). */
export interface Signal {
  readonly promise: Promise<void>;
  resolve(): void;
}

/** A new {@link Signal}: what `Promise.withResolvers` gives on Node 22, for a `void` promise. */
export function signal(): Signal {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve: () => resolve() };
}
