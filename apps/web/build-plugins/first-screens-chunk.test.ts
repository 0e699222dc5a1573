import type { ModuleInfo } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { firstScreensGroup, packageOf, staticallyReachable } from './first-screens-chunk.ts';

const CORE = '/repo/node_modules/@mantine/core/esm';
const ICONS = '/repo/node_modules/@tabler/icons-react/dist/esm';
const CORE_INDEX = `${CORE}/index.mjs`;
const ICONS_INDEX = `${ICONS}/tabler-icons-react.mjs`;

type FakeModule = { code?: string; imports?: string[]; exports?: string[] };

/** A module graph as rolldown's chunking context shows it: the package indexes are not kept. */
function graphOf(modules: Record<string, FakeModule>) {
  const infos = new Map(
    Object.entries(modules).map(([id, module]) => [
      id,
      {
        id,
        code: module.code ?? '',
        importedIds: module.imports ?? [],
        exports: module.exports ?? [],
      } as unknown as ModuleInfo,
    ]),
  );
  const kept = new Set([...infos.keys()].filter((id) => id !== CORE_INDEX && id !== ICONS_INDEX));
  return { kept, graph: { getModuleInfo: (id: string) => infos.get(id) ?? null } };
}

const app = {
  '/repo/src/landing.tsx': {
    code: `import { Title, TextInput as Field } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { formatMoney } from './money.ts';
export const Landing = () => null;`,
    imports: [CORE_INDEX, ICONS_INDEX, '/repo/src/money.ts'],
  },
  '/repo/src/tracking.tsx': {
    code: `import { Badge } from '@mantine/core';\nexport { Paper } from '@mantine/core';`,
    imports: [CORE_INDEX],
  },
  '/repo/src/request.tsx': { code: `import { Select } from '@mantine/core';`, imports: [CORE_INDEX] },
  '/repo/src/money.ts': { code: 'export const formatMoney = () => "";', exports: ['formatMoney'] },
  [CORE_INDEX]: { imports: [`${CORE}/Title.mjs`, `${CORE}/TextInput.mjs`, `${CORE}/Badge.mjs`, `${CORE}/Select.mjs`] },
  [`${CORE}/Title.mjs`]: { exports: ['Title'] },
  [`${CORE}/TextInput.mjs`]: {
    code: `import { InputBase } from './InputBase.mjs';`,
    imports: [`${CORE}/InputBase.mjs`],
    exports: ['TextInput'],
  },
  [`${CORE}/InputBase.mjs`]: { exports: ['InputBase'] },
  [`${CORE}/Badge.mjs`]: { exports: ['Badge'] },
  [`${CORE}/Paper.mjs`]: { exports: ['Paper'] },
  [`${CORE}/Select.mjs`]: { exports: ['Select'] },
  [ICONS_INDEX]: { imports: [`${ICONS}/icons/IconMapPin.mjs`, `${ICONS}/icons/IconX.mjs`] },
  [`${ICONS}/icons/IconMapPin.mjs`]: { exports: ['default'] },
  [`${ICONS}/icons/IconX.mjs`]: { exports: ['default'] },
} satisfies Record<string, FakeModule>;

describe('the first screens chunk', () => {
  it('follows an import from a dropped package index by name, not to every component the index re-exports', () => {
    const { kept, graph } = graphOf(app);
    const reached = staticallyReachable(['/repo/src/landing.tsx', '/repo/src/tracking.tsx'], kept, graph);
    expect([...reached].sort()).toEqual(
      [
        `${CORE}/Badge.mjs`,
        `${CORE}/InputBase.mjs`,
        `${CORE}/Paper.mjs`,
        `${CORE}/TextInput.mjs`,
        `${CORE}/Title.mjs`,
        `${ICONS}/icons/IconMapPin.mjs`,
        '/repo/src/money.ts',
      ].sort(),
    );
  });

  it('takes every kept module of a package imported as a namespace', () => {
    const { kept, graph } = graphOf({
      ...app,
      '/repo/src/landing.tsx': { code: `import * as Core from '@mantine/core';`, imports: [CORE_INDEX] },
    });
    const reached = staticallyReachable(['/repo/src/landing.tsx'], kept, graph);
    expect(reached).toContain(`${CORE}/Select.mjs`);
    expect(reached).not.toContain(`${ICONS}/icons/IconX.mjs`);
  });

  it('refuses a page the build does not have, rather than grouping nothing', () => {
    const { kept, graph } = graphOf(app);
    expect(() => staticallyReachable(['/repo/src/renamed.tsx'], kept, graph)).toThrow(/no module \/repo\/src\/renamed/);
  });

  it('names only the reached modules, once rolldown has asked about every kept one', () => {
    const { kept, graph } = graphOf(app);
    const group = firstScreensGroup(['/repo/src/landing.tsx'], 1);
    const test = group.test as (id: string) => boolean;
    const name = group.name as (id: string, context: typeof graph) => string | null;
    for (const id of kept) expect(test(id)).toBe(true);
    expect(name(`${CORE}/Title.mjs`, graph)).toBe('first-screens');
    expect(name(`${CORE}/Select.mjs`, graph)).toBeNull();
    expect(name('/repo/src/landing.tsx', graph)).toBeNull();
    expect(group.minShareCount).toBe(2);
  });

  it('reads the package of a module from its path', () => {
    expect(packageOf(`${CORE}/Title.mjs`)).toBe('@mantine/core');
    expect(packageOf('/repo/node_modules/leaflet/dist/leaflet-src.js')).toBe('leaflet');
    expect(packageOf('C:\\repo\\node_modules\\dayjs\\esm\\index.js')).toBe('dayjs');
    expect(packageOf('/repo/node_modules/a/node_modules/@scope/b/index.js')).toBe('@scope/b');
    expect(packageOf('/repo/src/money.ts')).toBeUndefined();
  });
});
