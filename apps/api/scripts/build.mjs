// Compiles the API to JavaScript (dist/), so production runs `node dist/main.js` without a TypeScript
// loader. Our workspace package @riderdesk/domain (TypeScript source) is bundled in; every other
// dependency stays in node_modules. The new bundle is written beside the old one and swapped in with a
// rename, so a build never leaves a half-written dist/ behind.
import { readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies ?? {}).filter((name) => !name.startsWith('@riderdesk/'));
const staging = path.join(root, `dist.${process.pid}`);
const target = path.join(root, 'dist');

await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'src/main.ts',
    ops: 'src/ops.ts',
    migrate: 'src/migrate.ts',
    // The bulk file reader runs in a worker thread and is loaded by path (src/modules/bulk/parse-file.ts).
    'bulk-parse-worker': 'src/modules/bulk/parse-worker.mjs',
  },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Subpaths of external packages (e.g. 'fastify/types') stay external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  sourcemap: 'linked',
  logLevel: 'warning',
  // Bundled CommonJS dependencies of the domain may call require().
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

const previous = `${target}.old.${process.pid}`;
try {
  renameSync(target, previous);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
renameSync(staging, target);
rmSync(previous, { recursive: true, force: true });
process.stdout.write(`API compiled to ${path.relative(process.cwd(), target) || target}\n`);
