import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Downloaded files kept on disk under `folder`, at most `maxBytes` in all: after each write the
 * oldest files go until the rest fits. Files are written whole (a temporary name, then renamed),
 * so a file in the cache is always complete.
 */
export function diskCache(folder: string, maxBytes: number) {
  async function evictOldest() {
    const names = (await readdir(folder)).filter((name) => !name.endsWith('.part'));
    const files = await Promise.all(
      names.map(async (name) => {
        const facts = await stat(path.join(folder, name)).catch(() => null);
        return { name, size: facts?.size ?? 0, time: facts?.mtimeMs ?? 0 };
      }),
    );
    files.sort((a, b) => b.time - a.time);
    let total = 0;
    for (const file of files) {
      total += file.size;
      if (total > maxBytes) await rm(path.join(folder, file.name), { force: true });
    }
  }

  return {
    async get(name: string): Promise<Uint8Array | null> {
      return readFile(path.join(folder, name)).catch(() => null);
    },
    async put(name: string, bytes: Uint8Array): Promise<void> {
      await mkdir(folder, { recursive: true });
      const part = path.join(folder, `${name}.${process.pid}.${Date.now()}.part`);
      await writeFile(part, bytes);
      await rename(part, path.join(folder, name));
      await evictOldest();
    },
  };
}
