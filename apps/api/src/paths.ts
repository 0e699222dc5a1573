import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The API package's folder, found from this module whether it runs from `src/` (tsx, tests) or from the
 * bundle in `dist/` (production), which sit at different depths.
 */
function findApiRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@riderdesk/api') return dir;
  }
  throw new Error(`apps/api/package.json not found above ${from}`);
}

export const API_ROOT = findApiRoot(path.dirname(fileURLToPath(import.meta.url)));
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
