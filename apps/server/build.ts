import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build`: the server as plain JavaScript in `dist/`, what `npm start`, `npm run serve`
 * and `npm run worker` run. `src/main.ts` and every `*.main.ts` (a thread's or a child process's
 * entry) become `dist/<name>.js`, each with the app's and `@pluvio/shared`'s code bundled in and
 * the packages of package.json loaded from node_modules as they are. A file is replaced only when
 * its content changed, by a rename, so a server starting while another builds reads whole files.
 */
const root = import.meta.dirname;
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const entries = [
  'src/main.ts',
  ...fs
    .readdirSync(path.join(root, 'src'), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.main.ts'))
    .map((file) => path.join('src', file)),
];
const names = entries.map((file) => path.basename(file, '.ts'));
const repeated = names.find((name, index) => names.indexOf(name) !== index);
if (repeated) throw new Error(`two entries would both be dist/${repeated}.js`);

const { outputFiles } = await build({
  absWorkingDir: root,
  entryPoints: Object.fromEntries(entries.map((file, index) => [names[index], file])),
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: Object.keys(manifest.dependencies),
  logLevel: 'warning',
  write: false,
});
fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
for (const file of outputFiles) {
  const unchanged = fs.existsSync(file.path) && fs.readFileSync(file.path).equals(file.contents);
  if (unchanged) continue;
  const partial = `${file.path}.${process.pid}`;
  fs.writeFileSync(partial, file.contents);
  fs.renameSync(partial, file.path);
}
