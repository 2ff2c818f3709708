/**
 * Comparison of secrets in time that does not depend on where they differ. Edge-safe.
 * @module
 */

/**
 * Whether two strings are equal, comparing every UTF-16 code unit of the longer one whatever the
 * contents (no encoding: nothing is allocated per comparison).
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  // Past the end of a string, `charCodeAt` is NaN, which `| 0` turns into 0.
  for (let i = 0; i < length; i++) difference |= (a.charCodeAt(i) | 0) ^ (b.charCodeAt(i) | 0);
  return difference === 0;
}
