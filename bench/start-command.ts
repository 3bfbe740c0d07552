import fs from 'node:fs';
import path from 'node:path';

const SERVER = path.join(import.meta.dirname, '..', 'apps', 'server');

/**
 * The arguments `npm start` (or `npm run serve`) gives `node`, read from the
 * server's package.json so that a bench runs the server with the same V8 flags: `node <flags>
 * --import tsx src/main.ts <command>`, with main.ts's path made absolute.
 */
export function serverNodeArgs(command: 'start' | 'serve'): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(SERVER, 'package.json'), 'utf8'));
  const words = String(manifest.scripts[command]).split(/\s+/);
  if (words[0] !== 'node' || words.at(-2) !== 'src/main.ts') {
    throw new Error(`apps/server/package.json's "${command}" script does not run \`node ... src/main.ts\``);
  }
  return [...words.slice(1, -2), path.join(SERVER, 'src', 'main.ts'), ...words.slice(-1)];
}
