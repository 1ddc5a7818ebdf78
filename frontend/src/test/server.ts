import { setupServer } from 'msw/node';

/** The API as component tests see it; each test adds the answers it needs with `server.use`. */
export const server = setupServer();
