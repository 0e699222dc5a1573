/**
 * Bundle size of the web app: what the first visit downloads, page by page, and the largest chunks.
 * `npm run bench -- bundle-size` builds apps/web first; BENCH_REUSE_DIST=1 reads the existing dist/.
 * Sizes are of the files as served (raw) and gzip-compressed at zlib's default level, as Vite prints.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
// The operator console is a build of its own in dist/console (decision 171): reported apart, never in the totals.
const CONSOLE_DIR = 'console';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
}

export interface BundleReport {
  distDir: string;
  entry: { file: string } & Size;
  /** The entry and every chunk it imports statically: the JavaScript before any page renders. */
  initialJs: Size & { files: number };
  initialCss: Size;
  /** Per page chunk: what it adds to the initial set when it is the first page visited. */
  pages: { page: string; js: Size; css: Size; files: number }[];
  largest: ({ file: string } & Size)[];
  totalJs: Size & { files: number };
  totalCss: Size & { files: number };
  /** The operator console's own build (its entry and static imports), when dist/console has one. */
  console: (Size & { files: number }) | null;
}

function sizeOf(distDir: string, files: Iterable<string>): Size {
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = readFileSync(path.join(distDir, file));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { raw, gzip };
}

/** The chunk's files and those of everything it imports statically (what the browser fetches). */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) closure(manifest, imported, seen);
  return seen;
}

const filesOf = (manifest: Manifest, keys: Iterable<string>, kind: 'js' | 'css') => {
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    if (kind === 'js') files.add(chunk.file);
    else for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
};

function listFiles(dir: string, extension: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter(
    (file) =>
      file.endsWith(extension) &&
      !file.startsWith(`${CONSOLE_DIR}${path.sep}`) &&
      statSync(path.join(dir, file)).isFile(),
  );
}

export function buildWeb(): void {
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: WEB_DIR, stdio: 'inherit' });
  // The operator console's own build, into dist/console (decision 171).
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--config', 'vite.console.config.ts'], {
    cwd: WEB_DIR,
    stdio: 'inherit',
  });
}

export function measureBundle(distDir = path.join(WEB_DIR, 'dist')): BundleReport {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build apps/web with build.manifest on`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) throw new Error('The manifest names no entry chunk');

  const initialKeys = closure(manifest, entryKey);
  const initialJsFiles = filesOf(manifest, initialKeys, 'js');
  const initialCssFiles = filesOf(manifest, initialKeys, 'css');

  const pages = Object.entries(manifest)
    .filter(([, chunk]) => chunk.isDynamicEntry && chunk.src?.startsWith('src/app/'))
    .map(([key, chunk]) => {
      const keys = closure(manifest, key);
      const js = [...filesOf(manifest, keys, 'js')].filter((file) => !initialJsFiles.has(file));
      const css = [...filesOf(manifest, keys, 'css')].filter((file) => !initialCssFiles.has(file));
      return {
        page: path.basename(chunk.src ?? key).replace(/\.tsx?$/, ''),
        js: sizeOf(distDir, js),
        css: sizeOf(distDir, css),
        files: js.length + css.length,
      };
    })
    .sort((a, b) => b.js.gzip - a.js.gzip);

  const jsFiles = listFiles(distDir, '.js');
  const cssFiles = listFiles(distDir, '.css');
  const largest = jsFiles
    .map((file) => ({ file, ...sizeOf(distDir, [file]) }))
    .sort((a, b) => b.raw - a.raw)
    .slice(0, 8);

  return {
    distDir,
    entry: { file: entry.file, ...sizeOf(distDir, [entry.file]) },
    initialJs: { ...sizeOf(distDir, initialJsFiles), files: initialJsFiles.size },
    initialCss: sizeOf(distDir, initialCssFiles),
    pages,
    largest,
    totalJs: { ...sizeOf(distDir, jsFiles), files: jsFiles.length },
    totalCss: { ...sizeOf(distDir, cssFiles), files: cssFiles.length },
    console: measureConsole(path.join(distDir, CONSOLE_DIR)),
  };
}

function measureConsole(consoleDir: string): (Size & { files: number }) | null {
  const manifestPath = path.join(consoleDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) return null;
  const files = filesOf(manifest, closure(manifest, entryKey), 'js');
  return { ...sizeOf(consoleDir, files), files: files.size };
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const both = (size: Size) => `${kb(size.raw).padStart(9)} │ gzip ${kb(size.gzip).padStart(8)}`;

export function formatBundleSize(report: BundleReport): string {
  const landing = report.pages.find((page) => page.page === 'landing-route');
  const lines = [
    `entry chunk        ${both(report.entry)}  ${report.entry.file}`,
    `initial JS         ${both(report.initialJs)}  (${report.initialJs.files} files: the entry and its static imports)`,
    `initial CSS        ${both(report.initialCss)}`,
  ];
  if (landing) {
    const js = { raw: report.initialJs.raw + landing.js.raw, gzip: report.initialJs.gzip + landing.js.gzip };
    lines.push(`login page (/) JS  ${both(js)}  (initial + landing-route)`);
  }
  lines.push(`total JS           ${both(report.totalJs)}  (${report.totalJs.files} files)`);
  lines.push(`total CSS          ${both(report.totalCss)}  (${report.totalCss.files} files)`);
  if (report.console) {
    lines.push(
      `console initial JS ${both(report.console)}  (${report.console.files} files, its own build at /console)`,
    );
  }
  lines.push('', 'first visit to a page adds (JS beyond the initial set):');
  for (const page of report.pages) {
    lines.push(
      `  ${page.page.padEnd(24)} ${both(page.js)}  in ${page.files} files${page.css.raw ? `, CSS ${kb(page.css.raw)}` : ''}`,
    );
  }
  lines.push('', 'largest chunks:');
  for (const chunk of report.largest) lines.push(`  ${both(chunk)}  ${chunk.file}`);
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.env.BENCH_REUSE_DIST !== '1') buildWeb();
  process.stdout.write(`${formatBundleSize(measureBundle())}\n`);
}
