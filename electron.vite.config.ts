import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136+, so Electron 45 too): every function of the app's
 * bundle is compiled as the script loads, off the main thread while it streams in, rather than
 * on its first call. Without it a screen's first opening compiled its code in the click's own task
 * (decision "Renderer: the bundle is compiled eagerly"). Added after minification, which drops comments.
 */
function compileEagerly(): Plugin {
  return {
    name: 'callscope-compile-eagerly',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') file.code = `//# allFunctionsCalledOnLoad\n${file.code}`;
      }
    },
  };
}

export default defineConfig({
  main: {
    build: {
      // Native modules (better-sqlite3, keytar) and the service stay outside the bundle.
      externalizeDeps: true,
      rollupOptions: {
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The local engine's worker thread, started by engine-thread.ts from the file beside index.js.
          'engine-worker': resolve(import.meta.dirname, 'src/main/core/engine/worker/engine-worker.ts'),
          // The copy reader's thread beside it (copy-reader-thread.ts).
          'copy-reader-worker': resolve(import.meta.dirname, 'src/main/core/engine/worker/copy-reader-worker.ts'),
        },
      },
    },
  },
  preload: {
    build: {
      // A sandboxed preload cannot load ES modules or other files: one CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    plugins: [react(), compileEagerly()],
    build: {
      minify: true,
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
});
