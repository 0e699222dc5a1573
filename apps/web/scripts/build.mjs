// Builds the web app into a fresh folder, builds/<id>/, and then points dist at it with an atomic
// symlink swap: a server keeps serving the folder it resolved at start while the next build is written,
// so nobody gets a 404 for a chunk half-way through a deploy. Text assets are precompressed (brotli and
// gzip) for @fastify/static's preCompressed; source maps move out of the served folder.
import { randomBytes } from 'node:crypto';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildsDir = path.join(root, 'builds');
const dist = path.join(root, 'dist');
const KEEP_BUILDS = 3;
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
// Below this, the compressed file and its headers save nothing worth a second file.
const MIN_COMPRESS_BYTES = 1024;

const id = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomBytes(3).toString('hex')}`;
const outDir = path.join(buildsDir, id);
await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
// The operator console is a build of its own beside it, served at /console (decision 171).
await build({
  configFile: path.join(root, 'vite.console.config.ts'),
  logLevel: 'warn',
  build: { outDir: path.join(outDir, 'console'), emptyOutDir: true },
});

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

const mapsDir = path.join(buildsDir, `${id}.maps`);
let compressed = 0;
for (const file of [...files(outDir)]) {
  if (file.endsWith('.map')) {
    const target = path.join(mapsDir, path.relative(outDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
    continue;
  }
  if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_COMPRESS_BYTES) continue;
  const content = readFileSync(file);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  compressed++;
}

// dist used to be a plain folder; from now on it is a link to the current build.
const isLink = (() => {
  try {
    return lstatSync(dist).isSymbolicLink();
  } catch {
    return null;
  }
})();
if (isLink === false) rmSync(dist, { recursive: true, force: true });
const link = `${dist}.${process.pid}`;
symlinkSync(path.relative(root, outDir), link);
renameSync(link, dist);

const builds = readdirSync(buildsDir)
  .filter((name) => !name.endsWith('.maps') && name !== id)
  .sort()
  .reverse();
for (const old of builds.slice(KEEP_BUILDS - 1)) {
  rmSync(path.join(buildsDir, old), { recursive: true, force: true });
  rmSync(path.join(buildsDir, `${old}.maps`), { recursive: true, force: true });
}
process.stdout.write(`web app built in builds/${id} (${compressed} files precompressed); dist → builds/${id}\n`);
