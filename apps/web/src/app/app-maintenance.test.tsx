import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { render, screen } from '@testing-library/react';
import { http, passthrough } from 'msw';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { server } from '../../test/server.ts';

// The API is down: the start cannot load the deployment, its translations or its flags.
const inline = vi.hoisted(() => ({ url: '' }));
vi.mock('./bootstrap.ts', () => ({
  loadApplication: async () => {
    throw new TypeError('Failed to fetch');
  },
  readInlineConfig: () => ({ flagProviders: [{ name: 'REMOTE_1', url: inline.url }] }),
}));

const { App, startApp } = await import('./app.tsx');

let storage: Server;
let variations: Record<string, boolean> = {};
beforeAll(async () => {
  // A static flags JSON as object storage serves it, on loopback.
  storage = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ variations }));
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  inline.url = `http://127.0.0.1:${(storage.address() as AddressInfo).port}/pk/flags.json`;
  server.use(http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()));
});
afterAll(() => new Promise((resolve) => storage.close(resolve)));

describe('a start while the API is down', () => {
  it('shows the maintenance page the remote flags ask for', async () => {
    variations = { PlannedMaintenance: true };
    const start = await startApp();
    expect(start.status).toBe('MAINTENANCE');
    render(<App start={start} />);
    expect(await screen.findByRole('heading', { name: 'Scheduled maintenance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the application-load banner when no maintenance is on', async () => {
    variations = {};
    const start = await startApp();
    render(<App start={start} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the application');
  });
});
