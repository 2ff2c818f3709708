/**
 * Who holds the data folder's lock, and where: this process's host name, the machine's boot id
 * and the process's PID namespace (Linux), written in the lock file, tell whether a lock's pid
 * can be checked from here. A pid means something only in the PID namespace and the boot it was
 * given in: two containers on one host may both run as pid 1. Node only.
 * @module
 */
import { readFileSync, readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** What the lock file holds. */
export interface LockContent {
  pid: number;
  startedAt: string;
  hostname?: string;
  /** The machine's boot id (`/proc/sys/kernel/random/boot_id`), where there is one. */
  bootId?: string;
  /** The owner's PID namespace (`/proc/self/ns/pid`, such as `pid:[4026531836]`), where there is one. */
  pidNamespace?: string;
  token: string;
}

/** Where this process runs: its host name, and on Linux its boot and PID namespace. */
export interface LockPlace {
  hostname: string;
  bootId?: string;
  pidNamespace?: string;
}

/**
 * Where the owner of a lock runs, seen from here: `here` when its pid can be checked, else why
 * not: `other-host` (another host name), `other-boot` (another boot id: the machine restarted, or
 * another machine of the same name), `other-pid-namespace` (another container, say).
 */
export type LockOwnerPlace = 'here' | 'other-host' | 'other-boot' | 'other-pid-namespace';

/** A place in words, for messages. */
export const PLACE_WORDS: Record<LockOwnerPlace, string> = {
  here: 'this PID namespace',
  'other-host': 'another host',
  'other-boot': 'another boot',
  'other-pid-namespace': 'another PID namespace',
};

/** A file's text, or `undefined` where it does not exist (not Linux, no `/proc`). */
function readOrNothing(read: () => string): string | undefined {
  try {
    return read().trim() || undefined;
  } catch {
    return undefined;
  }
}

let place: LockPlace | undefined;

/** Where this process runs (read once: neither changes while a process runs). */
export function ownPlace(): LockPlace {
  if (!place) {
    const bootId = readOrNothing(() => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8'));
    const pidNamespace = readOrNothing(() => readlinkSync('/proc/self/ns/pid'));
    place = { hostname: hostname(), ...(bootId ? { bootId } : {}), ...(pidNamespace ? { pidNamespace } : {}) };
  }
  return place;
}

/**
 * Where the owner of `content` runs, seen from `self`. A lock without a boot id or a namespace
 * (written where there is no `/proc`, or by an earlier version) is checked by its pid on its host
 * as before.
 */
export function ownerPlace(content: LockContent, self: LockPlace = ownPlace()): LockOwnerPlace {
  if (content.hostname !== undefined && content.hostname !== self.hostname) return 'other-host';
  if (content.bootId === undefined && content.pidNamespace === undefined) return 'here';
  if (content.bootId !== self.bootId) return 'other-boot';
  if (content.pidNamespace !== self.pidNamespace) return 'other-pid-namespace';
  return 'here';
}
