import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reactRouterProduction } from './react-router-production.ts';

const require = createRequire(import.meta.url);
// What the package's exports give a bundler: its development build.
const exported = require.resolve('react-router');

type ResolveHook = (
  this: { resolve: (source: string) => Promise<{ id: string } | null>; error: (message: string) => never },
  source: string,
  importer: string | undefined,
  options: object,
) => Promise<{ id: string } | null>;

function resolveWith(resolvedId: string | null) {
  const hook = reactRouterProduction().resolveId as unknown as ResolveHook;
  const context = {
    resolve: async () => (resolvedId === null ? null : { id: resolvedId }),
    error: (message: string): never => {
      throw new Error(message);
    },
  };
  return (source: string) => hook.call(context, source, undefined, {});
}

describe('react-router in the web build', () => {
  it('takes the production twin of what the package exports', async () => {
    expect(exported).toContain(`${path.sep}development${path.sep}`);
    const resolved = await resolveWith(exported)('react-router');
    expect(resolved?.id).toBe(
      exported.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`),
    );
    expect(existsSync(resolved?.id ?? '')).toBe(true);
  });

  it('leaves every other module to the bundler', async () => {
    expect(await resolveWith('/somewhere/react/index.js')('react')).toBeNull();
  });

  it('stops the build when an upgrade leaves no production twin', async () => {
    const missing = path.join(path.dirname(exported), 'moved-away.mjs');
    await expect(resolveWith(missing)('react-router')).rejects.toThrow(/no production twin/);
  });
});
