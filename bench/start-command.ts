import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const SERVER = path.join(import.meta.dirname, '..', 'apps', 'server');

/**
 * The arguments `npm start` (or `npm run serve`) gives `node`, read from the server's package.json
 * so that a bench runs the server exactly as they do: `npm run build && node <flags> dist/main.js
 * <command>`. Builds the server first, as the script does; the entry's path is made absolute.
 */
export function serverNodeArgs(command: 'start' | 'serve' | 'worker'): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
  const script = String(manifest.scripts[command]);
  const [build, run] = script.split(/\s*&&\s*/);
  const words = (run ?? '').split(/\s+/);
  if (build !== 'npm run build' || words[0] !== 'node' || words.at(-2) !== 'dist/main.js') {
    throw new Error(
      `apps/server/package.json's "${command}" script does not run \`npm run build && node ... dist/main.js\``,
    );
  }
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: SERVER, stdio: 'inherit' });
  return [...words.slice(1, -2), path.join(SERVER, 'dist', 'main.js'), ...words.slice(-1)];
}
