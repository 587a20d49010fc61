// Bundles the server into dist/main.js. Workspace packages (@gewst/*, TypeScript
// sources) are bundled in; everything from node_modules stays external.
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/main.ts',
    token: 'src/scripts/token.ts',
    backup: 'src/scripts/backup.ts',
    restore: 'src/scripts/restore.ts',
    // The processing sandbox's child process (found next to main.js at run time).
    'sandbox-child': '../../packages/extraction/src/sandbox-child.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@gewst/')) return undefined;
          return { path: args.path, external: true };
        });
      },
    },
  ],
});
