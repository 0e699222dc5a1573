import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

/** V8's explicit compile hint (Chrome 136+); it counts only as the file's first line. */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/**
 * The scripts `index.html` loads (the entry and what it imports statically) run most of their functions
 * before the first screen. Without a hint V8 pre-parses each function while the file streams in, then parses
 * and compiles it again on the main thread at its first call, inside the task that evaluates the modules. The
 * hint has them compiled once, on a background thread, while the file downloads (bench/LOG.md,
 * lighthouse). Pages' chunks stay lazy: most of their code runs only when used.
 *
 * The line is added to the written files, after Vite's own last edits, so it stays first; each source map
 * gets an empty first line to match.
 */
export function compileHints(): Plugin {
  return {
    name: 'riderdesk:compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      if (!options.dir) this.error('compile hints need an output folder');
      for (const fileName of initialChunks(bundle)) addCompileHint(path.join(options.dir, fileName));
    },
  };
}

/** The entries' chunks and those they import statically: what a first visit runs before its page. */
export function initialChunks(bundle: OutputBundle): string[] {
  const initial = new Set<string>();
  for (const file of Object.values(bundle)) {
    if (file.type !== 'chunk' || !file.isEntry) continue;
    initial.add(file.fileName);
    for (const imported of file.imports) initial.add(imported);
  }
  return [...initial].sort();
}

export function addCompileHint(file: string): void {
  const code = readFileSync(file, 'utf8');
  if (code.startsWith(COMPILE_HINT)) return;
  writeFileSync(file, `${COMPILE_HINT}\n${code}`);
  const mapFile = `${file}.map`;
  if (!existsSync(mapFile)) return;
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { mappings: string };
  map.mappings = `;${map.mappings}`;
  writeFileSync(mapFile, JSON.stringify(map));
}
