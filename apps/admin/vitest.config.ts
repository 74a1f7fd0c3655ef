import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The admin project of the root vitest config: the console's Vite config plus where its tests live.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'admin',
      root: new URL('.', import.meta.url).pathname,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['src/testing/setup.ts'],
      // A test renders the whole console: antd's first load takes seconds on two cores.
      testTimeout: 30_000,
    },
  }),
);
