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
    },
  }),
);
