/**
 * Upstream git repositories for configuration repository tests: a bare repository made with the
 * git CLI (reached by a `file:` URL or over HTTP), and a working copy to commit and push changes.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { git, type TreeEntry, writeTree } from './tree';

/** A bare repository and a working copy that pushes to it. */
export interface Upstream {
  /** The bare repository's folder. */
  bare: string;
  /** Its `file:` URL. */
  url: string;
  /** Writes files (`null` deletes one), commits them on `branch` (default `main`) and pushes; returns the commit. */
  commit(files: Record<string, TreeEntry | null>, options?: { branch?: string }): string;
  /** Tags the tip of `main` and pushes the tag. */
  tag(name: string): void;
  cleanup(): void;
}

/** A bare repository at `<root>/<path>` holding `files` in one commit on `main`. */
export function createUpstream(root: string, path: string, files: Record<string, TreeEntry>): Upstream {
  const work = mkdtempSync(join(tmpdir(), 'agentwire-upstream-'));
  const bare = join(root, path);
  mkdirSync(join(bare, '..'), { recursive: true });
  git(work, 'init', '-q');
  writeTree(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-q', '--allow-empty', '-m', 'initial');
  git(root, 'clone', '-q', '--bare', work, bare);
  git(work, 'remote', 'add', 'origin', bare);
  return {
    bare,
    url: pathToFileURL(bare).href,
    commit(changes, options = {}) {
      const branch = options.branch ?? 'main';
      const exists = git(work, 'branch', '--list', branch).trim() !== '';
      git(work, 'checkout', '-q', ...(exists ? [branch] : ['-b', branch]));
      for (const [file, contents] of Object.entries(changes)) {
        if (contents === null) rmSync(join(work, file), { recursive: true, force: true });
        else writeTree(work, { [file]: contents });
      }
      git(work, 'add', '-A');
      git(work, 'commit', '-q', '--allow-empty', '-m', `change ${branch}`);
      git(work, 'push', '-q', 'origin', branch);
      const commit = git(work, 'rev-parse', 'HEAD').trim();
      git(work, 'checkout', '-q', 'main');
      return commit;
    },
    tag(name) {
      git(work, 'tag', name, 'main');
      git(work, 'push', '-q', 'origin', name);
    },
    cleanup: () => rmSync(work, { recursive: true, force: true }),
  };
}

/** What a test HTTP server answers. */
export type HttpMode = 'serve' | 'unauthorized' | 'not-found' | 'error' | 'hang';

/** A loopback git server (smart HTTP through `git http-backend`) over the bare repositories under `root`. */
export interface GitHttpServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** The `Authorization` header of every request, in order (absent ones as `undefined`). */
  authorizations: (string | undefined)[];
  /** How the server answers from now on; `serve` asks for `requiredAuthorization` when it is set. */
  mode: HttpMode;
  requiredAuthorization?: string;
  close(): Promise<void>;
}

function backend(root: string, request: IncomingMessage, response: import('node:http').ServerResponse): void {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH ?? '',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      GIT_CONFIG_GLOBAL: '/dev/null',
      GIT_CONFIG_SYSTEM: '/dev/null',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      REQUEST_METHOD: request.method ?? 'GET',
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      ...(request.headers['content-encoding'] ? { HTTP_CONTENT_ENCODING: request.headers['content-encoding'] } : {}),
      ...(request.headers['git-protocol'] ? { GIT_PROTOCOL: String(request.headers['git-protocol']) } : {}),
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  request.pipe(child.stdin);
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  child.on('close', () => {
    const output = Buffer.concat(chunks);
    const split = output.indexOf('\r\n\r\n');
    const head = output.subarray(0, split).toString('latin1');
    const headers: Record<string, string> = {};
    let status = 200;
    for (const line of head.split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else if (name) headers[name] = value;
    }
    response.writeHead(status, headers);
    response.end(output.subarray(split + 4));
  });
}

/** Starts a {@link GitHttpServer} on a loopback port. */
export async function startGitHttpServer(root: string): Promise<GitHttpServer> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const state: GitHttpServer = {
    origin: '',
    authorizations: [],
    mode: 'serve',
    close: () =>
      new Promise((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((request, response) => {
    state.authorizations.push(request.headers.authorization);
    if (state.mode === 'hang') {
      hanging.add(response);
      return;
    }
    if (state.mode === 'not-found') return response.writeHead(404).end('Not Found');
    if (state.mode === 'error') return response.writeHead(500).end('Internal Server Error');
    const denied = state.requiredAuthorization !== undefined && request.headers.authorization !== state.requiredAuthorization;
    if (state.mode === 'unauthorized' || denied) {
      return response.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end('Unauthorized');
    }
    backend(root, request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return state;
}
