import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The machine a bench ran on, saved beside its figures. */
export function machine() {
  return { cpus: os.cpus().length, node: process.version };
}

/** Saves a bench's figures to bench/results/<name>.json, after when they were measured, and says where. */
export function saveResults(name: string, figures: Record<string, unknown>): void {
  const outFile = path.join(import.meta.dirname, 'results', `${name}.json`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  fs.writeFileSync(
    outFile,
    `${JSON.stringify({ measured_at: new Date().toISOString(), ...figures }, null, 2)}\n`,
  );
  console.log(`saved ${path.relative(process.cwd(), outFile)}`);
}
