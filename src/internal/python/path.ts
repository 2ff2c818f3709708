/**
 * POSIX path arithmetic on strings, for resolving marketplace sources without a file system:
 * the proper resolution agentwire uses, the two Python behaviours the service has
 * (`Path(a) / b` and `str.lstrip("./")`) and what `PureWindowsPath` sees as a drive. Edge-safe.
 * @module
 */

/** The parts of a path, without empty and `.` parts (what Python's `PurePosixPath` keeps, `..` included). */
function parts(path: string): string[] {
  return path.split('/').filter((part) => part !== '' && part !== '.');
}

/**
 * A relative path resolved properly inside its root: `.` parts dropped, `..` taking back the part
 * before it. `undefined` when a `..` would leave the root. The root itself is `''`.
 */
export function normalizeRelative(path: string): string | undefined {
  const out: string[] = [];
  for (const part of parts(path)) {
    if (part !== '..') out.push(part);
    else if (out.length === 0) return undefined;
    else out.pop();
  }
  return out.join('/');
}

/** An absolute (or root-relative) path with its `..` parts applied, as `Path.resolve()` does without symlinks. */
export function resolvePosix(path: string): string {
  const absolute = path.startsWith('/');
  const out: string[] = [];
  for (const part of parts(path)) {
    if (part !== '..') out.push(part);
    else if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
    else if (!absolute) out.push(part);
  }
  const joined = out.join('/');
  return absolute ? `/${joined}` : joined || '.';
}

/** Python's `str(PurePosixPath(root) / rest)` for a `rest` that does not start with `/`: slashes collapsed, `.` dropped, `..` kept. */
export function pythonJoin(root: string, rest: string): string {
  const joined = [...parts(root), ...parts(rest)].join('/');
  if (root.startsWith('/')) return `/${joined}`;
  return joined || '.';
}

/** Joins a root and a relative path that is known to stay inside it; `''` is the root itself. */
export function joinInside(root: string, relative: string): string {
  if (relative === '') return root;
  if (root === '') return relative;
  return `${root.replace(/\/+$/, '')}/${relative}`;
}

/** Python's `text.lstrip("./")`: every leading `.` and `/` removed, whatever their order. */
export function lstripDotSlash(text: string): string {
  return text.replace(/^[./]+/, '');
}

/** Whether a path is absolute in Windows syntax (`C:\x`, `C:/x`, `\\server\share`). */
export function isWindowsAbsolute(path: string): boolean {
  return /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\');
}

/** Whether a path carries a Windows drive (`C:`), absolute or not, as Python's `PureWindowsPath(p).drive` says. */
export function hasWindowsDrive(path: string): boolean {
  return /^[A-Za-z]:/.test(path) || /^[\\/]{2}[^\\/]+[\\/][^\\/]+/.test(path);
}
