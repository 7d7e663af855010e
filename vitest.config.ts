import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { messageCatalogs } from './scripts/catalog-plugin.ts'

export default defineConfig({
  plugins: [messageCatalogs(), react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  define: { __DEMO_DEFAULT__: 'true' },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/testing/setup-tests.ts'],
    restoreMocks: true,
    testTimeout: 15_000,
    pool: 'threads',
  },
})
