/**
 * Comparison of secrets in time that does not depend on where they differ. Edge-safe.
 * @module
 */

const encoder = /* @__PURE__ */ new TextEncoder();

/** Whether two strings are equal, comparing every byte of the longer one whatever the contents. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = encoder.encode(a);
  const right = encoder.encode(b);
  const length = Math.max(left.length, right.length);
  let difference = left.length ^ right.length;
  for (let i = 0; i < length; i++) difference |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return difference === 0;
}
