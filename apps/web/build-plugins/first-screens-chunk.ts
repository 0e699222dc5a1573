import path from 'node:path';
import type { ChunkingContext, CodeSplittingGroup, ModuleInfo } from 'rolldown';
import { parseAst } from 'vite';

/** The chunk that holds what the public first screens share with other pages. */
export const FIRST_SCREENS_CHUNK = 'first-screens';

type ModuleGraph = Pick<ChunkingContext, 'getModuleInfo'>;
type Parse = (code: string, moduleId: string) => ReturnType<typeof parseAst>;

/**
 * A code-splitting group for the pages a visitor can land on without a session (the login page and the public
 * tracking page). Grouped by the exact set of pages using them, their shared modules (Mantine's Paper, Title,
 * Grid and inputs, a few icons, the money and status helpers) came as 17 to 19 files of about a kilobyte each;
 * over a slow phone connection the browser fetches six at a time, so each six cost a round trip before the
 * first screen could render (bench/LOG.md, lighthouse). This group puts every module those pages import
 * statically, and that some other page also uses, into one file. A page's own modules stay in its chunk, and
 * what the shell loads stays in `vendor` and the entry (their groups come first).
 *
 * `entryModules` are the absolute ids of the pages' route modules.
 */
export function firstScreensGroup(entryModules: readonly string[], priority: number): CodeSplittingGroup {
  // Rolldown asks `test` about every module the build keeps before it asks `name` about any (its documented
  // order), so `name` knows which modules are in the output.
  const kept = new Set<string>();
  let members: Set<string> | undefined;
  return {
    debugName: FIRST_SCREENS_CHUNK,
    test: (moduleId: string) => {
      kept.add(moduleId);
      return true;
    },
    name: (moduleId: string, context: ChunkingContext) => {
      members ??= staticallyReachable(entryModules, kept, context);
      return members.has(moduleId) ? FIRST_SCREENS_CHUNK : null;
    },
    minShareCount: 2,
    priority,
  };
}

/**
 * Every kept module the entries import, directly or through other kept modules, without a dynamic import.
 *
 * A package's index that re-exports all its components (`@mantine/core`, `@tabler/icons-react`) is dropped by
 * tree-shaking, and following its imports would reach every component any page uses. So an import from a
 * dropped module is followed by name instead: `import { Title } from '@mantine/core'` reaches the kept
 * modules of `@mantine/core` that export `Title` or are named after it (an icon's file exports a default).
 */
export function staticallyReachable(
  entryModules: readonly string[],
  kept: ReadonlySet<string>,
  graph: ModuleGraph,
  parse: Parse = (code, moduleId) => parseAst(code, { lang: languageOf(moduleId) }),
): Set<string> {
  const byPackage = keptModulesByPackage(kept, graph);
  const reached = new Set<string>();
  const pending = [...entryModules];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id) || !kept.has(id)) continue;
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    reached.add(id);
    const droppedPackages = new Set<string>();
    for (const imported of info.importedIds) {
      if (kept.has(imported)) pending.push(imported);
      else {
        const name = packageOf(imported);
        if (name) droppedPackages.add(name);
      }
    }
    if (droppedPackages.size === 0 || info.code === null) continue;
    for (const [name, bindings] of importsFromPackages(parse(info.code, id))) {
      if (!droppedPackages.has(name)) continue;
      for (const candidate of byPackage.get(name) ?? []) {
        if (bindings.has('*') || providesAny(candidate, bindings)) pending.push(candidate.id);
      }
    }
  }
  const missing = entryModules.filter((entry) => !reached.has(entry));
  if (missing.length > 0) throw new Error(`first-screens chunk: the build has no module ${missing.join(', ')}`);
  for (const entry of entryModules) reached.delete(entry);
  return reached;
}

/** `@scope/name` or `name` for a module inside node_modules; undefined for the app's own modules. */
export function packageOf(moduleId: string): string | undefined {
  const inside = moduleId.split(/[\\/]node_modules[\\/]/).at(-1);
  if (inside === undefined || inside === moduleId) return undefined;
  const parts = inside.split(/[\\/]/);
  return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/** The names each import or re-export declaration takes from a package (a bare specifier). */
export function importsFromPackages(program: ReturnType<typeof parseAst>): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  const add = (specifier: string, binding: string) => {
    if (specifier.startsWith('.') || specifier.startsWith('/')) return;
    const parts = specifier.split('/');
    const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
    const bindings = found.get(name) ?? new Set<string>();
    bindings.add(binding);
    found.set(name, bindings);
  };
  for (const statement of program.body) {
    if (statement.type === 'ImportDeclaration') {
      for (const specifier of statement.specifiers) {
        if (specifier.type === 'ImportSpecifier') add(statement.source.value, nameOf(specifier.imported));
        else if (specifier.type === 'ImportDefaultSpecifier') add(statement.source.value, 'default');
        else add(statement.source.value, '*');
      }
    } else if (statement.type === 'ExportNamedDeclaration' && statement.source) {
      for (const specifier of statement.specifiers) add(statement.source.value, nameOf(specifier.local));
    } else if (statement.type === 'ExportAllDeclaration') {
      add(statement.source.value, '*');
    }
  }
  return found;
}

function nameOf(node: { type: string; name?: string; value?: unknown }): string {
  return node.type === 'Identifier' ? (node.name ?? '') : String(node.value);
}

function keptModulesByPackage(kept: ReadonlySet<string>, graph: ModuleGraph): Map<string, ModuleInfo[]> {
  const byPackage = new Map<string, ModuleInfo[]>();
  for (const id of kept) {
    const name = packageOf(id);
    const info = name ? graph.getModuleInfo(id) : null;
    if (!name || !info) continue;
    byPackage.set(name, [...(byPackage.get(name) ?? []), info]);
  }
  return byPackage;
}

function providesAny(candidate: ModuleInfo, bindings: ReadonlySet<string>): boolean {
  const fileName = path.basename(candidate.id).replace(/\.[cm]?[jt]sx?$/, '');
  return bindings.has(fileName) || candidate.exports.some((name) => name !== 'default' && bindings.has(name));
}

function languageOf(moduleId: string): 'js' | 'jsx' | 'ts' | 'tsx' {
  const extension = path.extname(moduleId.split('?')[0] ?? moduleId);
  if (extension === '.tsx') return 'tsx';
  if (extension === '.ts' || extension === '.mts' || extension === '.cts') return 'ts';
  if (extension === '.jsx') return 'jsx';
  return 'js';
}
