import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const alias = {
  '@skillers/domain': fromRoot('./libs/domain/src/index.ts'),
  '@skillers/store': fromRoot('./libs/store/src/index.ts'),
  '@skillers/search': fromRoot('./libs/search/src/index.ts'),
  '@skillers/queue': fromRoot('./libs/queue/src/index.ts'),
  '@skillers/embedding': fromRoot('./libs/embedding/src/index.ts'),
  '@skillers/indexing': fromRoot('./libs/indexing/src/index.ts'),
  '@skillers/demo-data': fromRoot('./libs/demo-data/src/index.ts'),
  '@skillers/metrics': fromRoot('./libs/metrics/src/index.ts'),
};

/** Mocks `node:fs`: run in a process of its own, so that no other file sees the mock. */
const MOCKS_NODE_FS = 'libs/search/src/embedded/structures/vector-rows.spec.ts';

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          // The libraries and the services beside the API keep no process-wide state from one file to the
          // next: each worker imports them once for all its files, which halves their run.
          name: 'libs',
          environment: 'node',
          include: ['libs/*/src/**/*.spec.ts', 'indexer/src/**/*.spec.ts', 'embedder/src/**/*.spec.ts'],
          exclude: [MOCKS_NODE_FS],
          isolate: false,
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          // Each API file starts Nest applications, whose loggers and registries are process-wide.
          name: 'server',
          environment: 'node',
          include: ['api/src/**/*.spec.ts', 'api/test/**/*.spec.ts', MOCKS_NODE_FS],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          environment: 'node',
          include: ['web/src/**/*.spec.ts'],
          isolate: false,
        },
      },
    ],
  },
});
