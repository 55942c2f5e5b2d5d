/**
 * A value made on first use rather than when its module is evaluated. For Intl formatters: the
 * first one of a kind loads the browser's locale data, several milliseconds on a slow phone, and a
 * page's chunks are evaluated in one uninterrupted task while it loads, where rendering, which
 * uses them, is cut into slices that let the browser answer in between.
 */
export function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= make();
    return value;
  };
}
