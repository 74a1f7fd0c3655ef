import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The web project of the root vitest config: the app's Vite config plus where its tests live.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      root: new URL('.', import.meta.url).pathname,
      include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
      setupFiles: ['src/testing/setup.ts'],
      // A component test waits on antd-mobile's animations; beside the server tests on CI's two
      // cores one took 5.1 s, over Vitest's default of 5 s (the console's tests have 30 s).
      testTimeout: 20_000,
    },
  }),
);
