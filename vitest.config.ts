import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Unit and component tests sit beside the code they test; browser tests live in tests/e2e (Playwright).
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/catalogue/**/*.test.ts',
            'src/server/**/*.test.ts',
            'src/payments-sandbox/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            'tests/security/**/*.test.ts',
            'tests/compat/**/*.test.ts',
          ],
          setupFiles: ['tests/setup/fail-on-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup/fail-on-console-error.ts', 'tests/setup/web.ts'],
          // Several component tests talk to a real server process; 2 busy cores need more than 5 s.
          testTimeout: 20_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
