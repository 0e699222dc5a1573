/**
 * Fails when an import crosses a boundary of ARCHITECTURE.md and STYLE.md:
 *   (a) a web feature imports another feature (features meet in src/app); each console section
 *       (features/console/<section>) is a feature, and may import features/console/shared;
 *   (b) the web's shared code imports a feature;
 *   (c) an API module reaches into another module's repository (its SQL belongs to that module);
 *   (d) modules import each other in a cycle, in the web app, the API or the domain;
 *   (e) a web route's path is written outside the paths module (packages/domain/src/paths.ts), as a string
 *       or a template starting with one of its routes (`/order-tracking/${id}`): it is built there, encoded;
 *   (f) a package that has one home is imported outside it (PACKAGE_HOMES: one way for each thing).
 * Each violation is printed as `file → import (rule)`. A violation listed in the allow-list file is
 * tolerated; an entry that no longer matches is reported so that it can be deleted.
 *
 * Usage: tsx scripts/check-boundaries.ts [--root <dir>] [--allow <file>]
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { CONSOLE_ROUTE_PATTERNS, ROUTE_PREFIXES } from '../packages/domain/src/paths.ts';

export type Rule =
  | 'feature-imports-feature'
  | 'shared-imports-feature'
  | 'module-reaches-into-repo'
  | 'import-cycle'
  | 'route-path-outside-paths-module'
  | 'package-outside-its-home';

export type Violation = {
  /** Paths relative to the root, with forward slashes. */
  file: string;
  /** The module imported; for a route path, the literal that writes it. */
  import: string;
  rule: Rule;
  /** For a cycle: the modules it goes through, back to the first. */
  cycle?: string[];
};

export type BoundaryReport = {
  violations: Violation[];
  /** Violations the allow-list tolerates. */
  allowed: Violation[];
  /** Allow-list entries that match no violation any more. */
  stale: string[];
};

const WEB_FEATURES = 'apps/web/src/features/';
const WEB_SHARED = 'apps/web/src/shared/';
const API_MODULES = 'apps/api/src/modules/';
const CYCLE_ROOTS = ['apps/web/src/', 'apps/api/src/', 'packages/domain/src/'];
// Every folder of code, tests included, where a package with one home must not be imported.
const PACKAGE_ROOTS = ['apps/', 'packages/', 'e2e/', 'bench/', 'scripts/'];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.mjs'];
// The domain package's "./*" export points at its src folder (packages/domain/package.json).
const DOMAIN_PACKAGE = '@riderdesk/domain/';
const DOMAIN_SOURCE = 'packages/domain/src/';

const PATHS_MODULE = 'packages/domain/src/paths.ts';
const isTestFile = (file: string) => /\.test\.[cm]?tsx?$/.test(file);
// The first argument of these calls names an API endpoint, not a page: Fastify's route declarations
// (`app.post('/register', …)`) and the web's API client (`api.post(`${API_BASE}/register`, …)`).
const ROUTE_DECLARATIONS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all', 'route']);

type Import = { specifier: string; isTypeOnly: boolean };

/**
 * Packages that do one thing in one place, and the files allowed to import them (a folder ends with '/'; a
 * name starting with '*' matches the end of a file's path). A second way of doing their job starts with a
 * second importer, so the checker names it.
 */
// Tests and benchmarks open the sheets the product writes, and write the ones it reads, as a spreadsheet would.
const SHEET_CHECKERS = ['apps/api/test/', 'e2e/', 'bench/'];

export const PACKAGE_HOMES: readonly { name: string; homes: readonly string[]; why: string }[] = [
  {
    name: 'libphonenumber-js',
    homes: ['packages/domain/src/phone.ts'],
    why: 'one module decides parsing, validity, E.164, display and masking of phone numbers (decision 144)',
  },
  {
    name: 'leaflet',
    homes: ['apps/web/src/shared/map/'],
    why: 'one map shell and one marker module (decision 148)',
  },
  {
    name: 'react-leaflet',
    homes: ['apps/web/src/shared/map/', '*-map.tsx'],
    why: "a map's layers are drawn in its lazily loaded *-map.tsx inside the shared shell (decision 148)",
  },
  {
    name: 'dayjs',
    homes: [],
    why: "Mantine's date inputs use it themselves; the app's dates are date-fns and @date-fns/tz (decision 148)",
  },
  {
    name: '@mantine/charts',
    homes: ['apps/web/src/features/insights/', 'apps/web/src/features/finance/components/cash-chart.tsx'],
    why: "the charts' code loads with the insights and finance pages alone (lazily); the others do not grow (issues 39, 38)",
  },
  {
    name: 'recharts',
    homes: ['apps/web/src/features/insights/', 'apps/web/src/features/finance/components/cash-chart.tsx'],
    why: '@mantine/charts draws with it, on the insights page alone (issue 39)',
  },
  {
    name: 'exceljs',
    homes: ['apps/api/src/modules/bulk/template.ts', ...SHEET_CHECKERS],
    why: 'it writes the bulk template because it writes data validation (decision 147); tests read what it writes',
  },
  {
    name: '@e965/xlsx',
    homes: ['apps/api/src/modules/bulk/parse-worker.mjs', ...SHEET_CHECKERS],
    why: 'the one reader of uploaded sheets, bounded in a worker (decisions 113, 147); tests read what is written',
  },
];

const isHome = (file: string, home: string) =>
  home.startsWith('*') ? file.endsWith(home.slice(1)) : home.endsWith('/') ? file.startsWith(home) : file === home;

/** The package rule an import breaks, if any. */
function packageRuleOf(file: string, specifier: string): Rule | null {
  const entry = PACKAGE_HOMES.find(({ name }) => specifier === name || specifier.startsWith(`${name}/`));
  if (!entry || entry.homes.some((home) => isHome(file, home))) return null;
  return 'package-outside-its-home';
}

/** Every module specifier of a file: static and dynamic imports, re-exports, `import x = require()`. */
export function importsOf(fileName: string, text: string): Import[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const isTypeOnly = Boolean(
        clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              clause.namedBindings &&
              ts.isNamedImports(clause.namedBindings) &&
              clause.namedBindings.elements.length > 0 &&
              clause.namedBindings.elements.every((element) => element.isTypeOnly))),
      );
      found.push({ specifier: node.moduleSpecifier.text, isTypeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, isTypeOnly: node.isTypeOnly });
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({ specifier: node.moduleReference.expression.text, isTypeOnly: node.isTypeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, isTypeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isApiEndpoint = (node: ts.Node) =>
  ts.isCallExpression(node.parent) &&
  node.parent.arguments[0] === node &&
  ts.isPropertyAccessExpression(node.parent.expression) &&
  ROUTE_DECLARATIONS.has(node.parent.expression.name.text);

/**
 * The string and template literals of a file that write a web route (`'/history'`, `` `/tracking/${token}` ``,
 * `` `${origin}/delivery-receipt/${token}` ``, `'/connect?x=1'`): a literal, or a part of a template, that starts
 * with the route's first segment, then the end, `/`, `?` or `#`. A template is shown with `…` for each substitution.
 */
// The operator console's pages are routes too (decision 171), kept apart from the merchants' in the paths module.
const ALL_ROUTE_PREFIXES = [
  ...ROUTE_PREFIXES,
  ...new Set(Object.values(CONSOLE_ROUTE_PATTERNS).map((pattern) => pattern.split('/')[1] ?? '')),
];

export function routePathsOf(
  fileName: string,
  text: string,
  prefixes: readonly string[] = ALL_ROUTE_PREFIXES,
): string[] {
  const pattern = new RegExp(
    `^/(?:${prefixes.map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?:[/?#]|$)`,
  );
  // With parent links: a literal is judged by the call it is an argument of.
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && pattern.test(node.text)) {
      if (!isApiEndpoint(node) && !ts.isImportDeclaration(node.parent)) found.push(node.text);
    } else if (ts.isTemplateExpression(node) && !isApiEndpoint(node)) {
      // A route after a substitution too: `${origin}/tracking/${token}` is a path on an address.
      const parts = [node.head.text, ...node.templateSpans.map((span) => span.literal.text)];
      if (parts.some((part) => pattern.test(part))) {
        found.push(`\`${parts.join('…')}\``);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(root: string, folder: string): string[] {
  const start = path.join(root, folder);
  if (!existsSync(start)) return [];
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext)) && !entry.name.endsWith('.d.ts')) {
        files.push(toRelative(root, full));
      }
    }
  };
  walk(start);
  return files.sort();
}

const toRelative = (root: string, file: string) => path.relative(root, file).split(path.sep).join('/');

/** The file a specifier names, relative to the root; null for a package outside the repository. */
function resolve(root: string, from: string, specifier: string): string | null {
  let target: string;
  if (specifier.startsWith('./') || specifier.startsWith('../')) {
    target = path.posix.join(path.posix.dirname(from), specifier);
  } else if (specifier.startsWith(DOMAIN_PACKAGE)) {
    target = DOMAIN_SOURCE + specifier.slice(DOMAIN_PACKAGE.length);
  } else {
    return null;
  }
  const candidates = [
    target,
    ...SOURCE_EXTENSIONS.map((ext) => target + ext),
    ...SOURCE_EXTENSIONS.map((ext) => `${target}/index${ext}`),
  ];
  return candidates.find((candidate) => isFile(path.join(root, candidate))) ?? null;
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** The first folder under `prefix` that `file` is in, or null when the file is not under it. */
function sliceOf(file: string, prefix: string): string | null {
  if (!file.startsWith(prefix)) return null;
  const rest = file.slice(prefix.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

// The operator console's sections are features of their own under features/console (decision 171): each of its
// folders is a feature, and its `shared` folder is what every section may import (its API client, its session).
const CONSOLE_FEATURES = `${WEB_FEATURES}console/`;
const CONSOLE_SHARED = 'console/shared';

/** The feature a web file belongs to: `history`, or `console/operators` for a console section. */
function featureOf(file: string): string | null {
  const feature = sliceOf(file, WEB_FEATURES);
  if (feature !== 'console') return feature;
  const section = sliceOf(file, CONSOLE_FEATURES);
  return section === null ? feature : `console/${section}`;
}

// A module's repository: repo.ts, <name>-repo.ts, or a file of its repo/ folder.
const isRepository = (file: string) => /\/(?:[^/]+-)?repo(?:\.[cm]?tsx?$|\/)/.test(file);

function ruleOf(file: string, target: string): Rule | null {
  const feature = featureOf(file);
  const targetFeature = featureOf(target);
  const isConsoleShared = targetFeature === CONSOLE_SHARED && feature?.startsWith('console/') === true;
  if (feature && targetFeature && feature !== targetFeature && !isConsoleShared) return 'feature-imports-feature';
  if (file.startsWith(WEB_SHARED) && targetFeature) return 'shared-imports-feature';
  const module = sliceOf(file, API_MODULES);
  const targetModule = sliceOf(target, API_MODULES);
  if (module && targetModule && module !== targetModule && isRepository(target)) return 'module-reaches-into-repo';
  return null;
}

/** One cycle through each group of modules that import each other (Tarjan's strongly connected components). */
function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];

  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const isSelfImport = component.length === 1 && (graph.get(node) ?? []).includes(node);
      if (component.length > 1 || isSelfImport) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);

  // Within a component every module reaches every other: walk from its first module back to it.
  return components.map((component) => {
    const members = new Set(component);
    const start = [...component].sort()[0] as string;
    const previous = new Map<string, string>();
    const queue = [start];
    const seen = new Set([start]);
    while (queue.length > 0) {
      const node = queue.shift() as string;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const cycle = [start];
          for (let at: string | undefined = node; at !== undefined && at !== start; at = previous.get(at)) {
            cycle.splice(1, 0, at);
          }
          return [...cycle, start];
        }
        if (!seen.has(next)) {
          seen.add(next);
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

export const formatViolation = (violation: Violation): string =>
  `${violation.file} → ${violation.import} (${violation.rule})`;

/** Lines of the allow-list: one printed violation each; blank lines and `#` comments are ignored. */
export function parseAllowList(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

export function checkBoundaries(options: { root: string; allowList?: readonly string[] }): BoundaryReport {
  const { root } = options;
  const files = [
    ...new Set([...CYCLE_ROOTS, WEB_FEATURES, API_MODULES, ...PACKAGE_ROOTS].flatMap((dir) => sourceFiles(root, dir))),
  ];
  const found: Violation[] = [];
  // Type-only imports are erased at build time, so they cannot make a module load before its dependency.
  const graph = new Map<string, string[]>();

  for (const file of files) {
    const edges: string[] = [];
    const text = readFileSync(path.join(root, file), 'utf8');
    if (file !== PATHS_MODULE && !isTestFile(file) && CYCLE_ROOTS.some((dir) => file.startsWith(dir))) {
      for (const literal of routePathsOf(file, text)) {
        found.push({ file, import: literal, rule: 'route-path-outside-paths-module' });
      }
    }
    for (const { specifier, isTypeOnly } of importsOf(file, text)) {
      if (packageRuleOf(file, specifier)) found.push({ file, import: specifier, rule: 'package-outside-its-home' });
      const target = resolve(root, file, specifier);
      if (!target) continue;
      const rule = ruleOf(file, target);
      if (rule) found.push({ file, import: target, rule });
      if (!isTypeOnly) edges.push(target);
    }
    if (CYCLE_ROOTS.some((dir) => file.startsWith(dir))) graph.set(file, [...new Set(edges)]);
  }
  for (const [file, targets] of graph)
    graph.set(
      file,
      targets.filter((target) => graph.has(target)),
    );
  for (const cycle of findCycles(graph)) {
    found.push({ file: cycle[0] as string, import: cycle[1] as string, rule: 'import-cycle', cycle });
  }

  const allowList = new Set(options.allowList ?? []);
  const violations = found.filter((violation) => !allowList.has(formatViolation(violation)));
  const allowed = found.filter((violation) => allowList.has(formatViolation(violation)));
  const matched = new Set(allowed.map(formatViolation));
  return { violations, allowed, stale: [...allowList].filter((entry) => !matched.has(entry)) };
}

function main(argv: string[]): number {
  const option = (name: string) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const root = path.resolve(option('--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const allowFile = option('--allow') ?? path.join(root, 'scripts', 'boundaries-allow.txt');
  const allowList = existsSync(allowFile) ? parseAllowList(readFileSync(allowFile, 'utf8')) : [];
  const report = checkBoundaries({ root, allowList });

  for (const entry of report.stale) {
    console.warn(`allowed but no longer found, delete it from ${toRelative(root, allowFile)}: ${entry}`);
  }
  if (report.allowed.length > 0) console.log(`${report.allowed.length} allowed (${toRelative(root, allowFile)})`);
  if (report.violations.length === 0) {
    console.log('boundaries: no violation');
    return 0;
  }
  for (const violation of report.violations) {
    const through = violation.cycle ? `: ${violation.cycle.join(' → ')}` : '';
    console.error(`${formatViolation(violation)}${through}`);
  }
  console.error(`boundaries: ${report.violations.length} violation(s)`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
