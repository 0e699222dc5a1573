import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers.ts';

/** The network of every web test: requests reach these handlers, never a real server. */
export const server = setupServer(...defaultHandlers);
