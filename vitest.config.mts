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

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'libs/*/src/**/*.spec.ts',
            'api/src/**/*.spec.ts',
            'api/test/**/*.spec.ts',
            'indexer/src/**/*.spec.ts',
            'embedder/src/**/*.spec.ts',
          ],
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
        },
      },
    ],
  },
});
