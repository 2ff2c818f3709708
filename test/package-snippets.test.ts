/**
 * The packed package type-checks every documented snippet (README.md, docs/*.md) as users'
 * projects meet it: `npm pack` once, installed into a new project, and each snippet compiled
 * against that install, not the sources, under four module settings:
 *
 * - ESM, `module`/`moduleResolution` `node16` (files of a `"type": "module"` project: the `import`
 *   conditions and the `.d.ts` declarations);
 * - CommonJS, `node16` (`.cts` files: the `require` conditions and the `.d.cts` declarations);
 * - `bundler` resolution (what Vite, esbuild, webpack and Next.js users set);
 * - CommonJS with the classic `node10` resolution (no `exports`: the `typesVersions` map).
 *
 * Strict settings throughout (`exactOptionalPropertyTypes`, `noUncheckedIndexedAccess`); the
 * `bundler` setting adds the rest of the project's own (`verbatimModuleSyntax`, `isolatedModules`,
 * ...). In the CommonJS settings top-level `await` is not allowed by the module format itself, so
 * that one diagnostic is not counted there. See helpers/snippets.ts for how a snippet declares
 * values it does not show.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/built';
import { createPackedProject, type PackedProject } from './helpers/packed';
import { documentedSnippets, snippetModule } from './helpers/snippets';

/** Diagnostics of top-level `await` in a CommonJS file (TS1309, TS1375, TS1378, TS1431, TS1432). */
const TOP_LEVEL_AWAIT = new Set([1309, 1375, 1378, 1431, 1432]);

const SETTINGS: { name: string; extension: '.ts' | '.cts'; options: ts.CompilerOptions; commonJs: boolean }[] = [
  {
    name: 'ESM, node16',
    extension: '.ts',
    options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    commonJs: false,
  },
  {
    name: 'CommonJS, node16',
    extension: '.cts',
    options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 },
    commonJs: true,
  },
  {
    name: 'bundler',
    extension: '.ts',
    options: {
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      verbatimModuleSyntax: true,
      isolatedModules: true,
      noImplicitOverride: true,
      noFallthroughCasesInSwitch: true,
    },
    commonJs: false,
  },
  {
    name: 'CommonJS, node10',
    extension: '.ts',
    options: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10, esModuleInterop: true },
    commonJs: true,
  },
];

const snippets = documentedSnippets();
let project: PackedProject;

beforeAll(() => {
  // Third-party packages the snippets import, with their types.
  project = createPackedProject(['hono', 'express', '@types/express']);
}, 120_000);
afterAll(() => project?.remove());

describe('documented snippets against the packed package', () => {
  it('finds the snippets', () => {
    expect(snippets.length).toBeGreaterThan(30);
  });

  it.each(SETTINGS)(
    'type-check under $name',
    ({ name, extension, options, commonJs }) => {
      const folder = join(project.dir, name.replace(/\W+/g, '-').toLowerCase());
      mkdirSync(folder, { recursive: true });
      const names = snippets.map((snippet, index) => {
        const file = join(folder, `snippet-${index}${extension}`);
        writeFileSync(file, snippetModule(snippet));
        return file;
      });
      const program = ts.createProgram(names, {
        ...options,
        target: ts.ScriptTarget.ES2022,
        lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: true,
        noEmit: true,
        types: ['node'],
        typeRoots: [join(ROOT, 'node_modules/@types')],
      });
      const problems = ts
        .getPreEmitDiagnostics(program)
        .filter((diagnostic) => diagnostic.file && names.includes(diagnostic.file.fileName))
        .filter((diagnostic) => !(commonJs && TOP_LEVEL_AWAIT.has(diagnostic.code)))
        .map((diagnostic) => {
          const snippet = snippets[names.indexOf(diagnostic.file?.fileName ?? '')];
          const { line } = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0) ?? { line: 0 };
          return `${snippet?.file}:${(snippet?.line ?? 0) + line - 1}: TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
        });
      expect(problems).toEqual([]);
      // The snippets resolved the installed package, never the repository's sources or build (the
      // clone's own folder may well be called agentwire: paths are compared by prefix, not by name).
      const files = program.getSourceFiles().map((file) => file.fileName);
      expect(files.filter((file) => file.startsWith(`${project.packageDir}/`)).length).toBeGreaterThan(0);
      const repository = ['src', 'dist'].map((folder) => `${join(ROOT, folder)}/`);
      expect(files.filter((file) => repository.some((folder) => file.startsWith(folder)))).toEqual([]);
    },
    120_000,
  );
});
