import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

// zod's classic schemas carry their JSON Schema generator (`toJSONSchema`, `~standard.jsonSchema`): about
// 18 kB minified that every page downloads and the browser never calls — the API generates the documents.
// In the web build the two modules are replaced by ones that export the same names and throw if called
// (decision 099). `aggregateChecks` (behind `.minLength`, `.maxLength`, `.format` …) is kept: it is a
// schema reader, not a generator.
const GENERATOR_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
const KEPT = new Set(['aggregateChecks']);

function exportedNames(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/^export (?:async )?(?:function\*?|const|let|class) ([\w$]+)/gm)) {
    if (match[1]) names.add(match[1]);
  }
  for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const part of (match[1] ?? '').split(',')) {
      const alias = part
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (alias) names.add(alias);
    }
  }
  return [...names];
}

export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'riderdesk:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!GENERATOR_MODULES.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = exportedNames(source);
      const lines = [
        'const unavailable = () => { throw new Error("JSON Schema generation is not part of the web build"); };',
      ];
      for (const name of names) {
        if (KEPT.has(name)) continue;
        // Called when a schema is built (they return the method), so they answer a function that throws.
        lines.push(
          /^create.*Method$/.test(name)
            ? `export const ${name} = () => unavailable;`
            : `export const ${name} = unavailable;`,
        );
      }
      if (names.includes('aggregateChecks')) lines.push(keptAggregateChecks(source));
      return lines.join('\n');
    },
  };
}

/** The real `aggregateChecks` and the helpers above it, cut from the module's source. */
function keptAggregateChecks(source: string): string {
  const utilImport = source.match(/^import \{[^}]*\} from "\.\/util\.js";$/m)?.[0];
  const start = source.indexOf('const narrowMin');
  const fn = source.indexOf('export function aggregateChecks');
  const end = fn < 0 ? -1 : source.indexOf('\n}\n', fn);
  if (!utilImport || start < 0 || start > fn || end < 0) {
    throw new Error('zod changed: aggregateChecks is no longer where this plugin expects it');
  }
  return `${utilImport}\n${source.slice(start, end + 3)}`;
}
