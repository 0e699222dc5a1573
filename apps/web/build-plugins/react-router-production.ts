import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

// React Router 7 ships a production build beside its development one (dist/production: no development
// warnings, no checks that only serve them), but its package exports name only dist/development, so a
// bundler takes that one for production too (remix-run/react-router#12532, #14753). In the web build each
// file resolved under dist/development is swapped for its twin under dist/production; the build stops if a
// twin is missing, so an upgrade that moves the files cannot leave the development build in silently.
const DEVELOPMENT = `${path.sep}react-router${path.sep}dist${path.sep}development${path.sep}`;
const PRODUCTION = `${path.sep}react-router${path.sep}dist${path.sep}production${path.sep}`;

export function reactRouterProduction(): Plugin {
  return {
    name: 'riderdesk:react-router-production',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && !source.startsWith('react-router/')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved?.id.includes(DEVELOPMENT)) return resolved;
      const production = resolved.id.replace(DEVELOPMENT, PRODUCTION);
      if (!existsSync(production)) {
        this.error(`react-router has no production twin of ${resolved.id}`);
      }
      return { ...resolved, id: production };
    },
  };
}
