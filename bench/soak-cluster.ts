/**
 * A PostgreSQL cluster of the soak's own: initdb in a temporary folder, started with pg_ctl on a
 * free port, restarted on demand, removed at the end. Uses the server binaries of Debian's
 * packages (/usr/lib/postgresql/<version>/bin, the newest version), or SOAK_PG_BIN.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

const DEBIAN_POSTGRES = '/usr/lib/postgresql';
const DATABASE = 'pluvio';
const SUPERUSER = 'pluvio';
/** initdb and postgres refuse to run as root: the soak then runs them as this user. */
const SERVER_ACCOUNT = 'postgres';

export class SoakSetupError extends Error {}

/** The folder holding initdb and pg_ctl, or a SoakSetupError saying what to install. */
export function findPostgresBin(env: Record<string, string | undefined> = process.env): string {
  const candidates = env.SOAK_PG_BIN ? [env.SOAK_PG_BIN] : debianBinFolders();
  const found = candidates.find((folder) =>
    ['initdb', 'pg_ctl'].every((name) => isFile(path.join(folder, name))),
  );
  if (found) return found;
  throw new SoakSetupError(
    `The soak needs PostgreSQL's server programs (initdb, pg_ctl) and found none in ${
      env.SOAK_PG_BIN ?? `${DEBIAN_POSTGRES}/<version>/bin`
    }. Install them (Debian: apt-get install postgresql) or set SOAK_PG_BIN to the folder holding them.`,
  );
}

function debianBinFolders(): string[] {
  if (!fs.existsSync(DEBIAN_POSTGRES)) return [];
  return fs
    .readdirSync(DEBIAN_POSTGRES)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => path.join(DEBIAN_POSTGRES, version, 'bin'));
}

function isFile(file: string): boolean {
  return fs.existsSync(file) && fs.statSync(file).isFile();
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** The first port of `from`..`to` nobody listens on. */
export async function freePort(from: number, to: number, taken: readonly number[] = []): Promise<number> {
  for (let port = from; port <= to; port += 1) {
    if (!taken.includes(port) && (await portIsFree(port))) return port;
  }
  throw new SoakSetupError(`no free port between ${from} and ${to}`);
}

/** How the server programs are run: as the current user, or as `postgres` when that is root. */
function runnerOf(folder: string): { prefix: string[]; owner: { uid: number; gid: number } | null } {
  if (process.getuid?.() !== 0) return { prefix: [], owner: null };
  let ids: string[];
  try {
    ids = execFileSync('id', ['-u', SERVER_ACCOUNT], { encoding: 'utf8' }).trim().split('\n');
  } catch {
    throw new SoakSetupError(
      `Running as root: initdb refuses root, and there is no '${SERVER_ACCOUNT}' user to run it as. Run the soak as another user.`,
    );
  }
  const uid = Number(ids[0]);
  const gid = Number(execFileSync('id', ['-g', SERVER_ACCOUNT], { encoding: 'utf8' }).trim());
  fs.chownSync(folder, uid, gid);
  return { prefix: ['runuser', '-u', SERVER_ACCOUNT, '--'], owner: { uid, gid } };
}

export interface Cluster {
  url: string;
  port: number;
  /** `pg_ctl restart -m fast`; resolves once the database answers again, with the two times. */
  restart(): Promise<{ stoppedAt: number; answeringAt: number }>;
  /** Stops the server and removes its folder; safe to call twice. */
  remove(): void;
}

async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function waitUntilAnswering(url: string, timeoutMs = 60_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await answers(url)) return Date.now();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`PostgreSQL did not answer within ${timeoutMs / 1000} s`);
}

/** initdb, start on a free port in 55400-55499, and an empty database `pluvio`. */
export async function startCluster(): Promise<Cluster> {
  const bin = findPostgresBin();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pluvio-soak-pg-'));
  let started = false;
  const { prefix } = runnerOf(folder);
  const dataDir = path.join(folder, 'data');
  const logFile = path.join(folder, 'postgres.log');
  // Never synchronous: the soak's traffic and SMTP server keep running while PostgreSQL restarts.
  const run = async (program: string, args: string[]) => {
    const [command = '', ...rest] = [...prefix, path.join(bin, program), ...args];
    await execFileAsync(command, rest, { cwd: folder });
  };
  const pgCtl = (...args: string[]) =>
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-w', '-t', '60', ...args]);
  const remove = () => {
    if (started) {
      started = false;
      try {
        // Synchronous: this also runs from an exit handler.
        const [command = '', ...rest] = [
          ...prefix,
          path.join(bin, 'pg_ctl'),
          '-D',
          dataDir,
          'stop',
          '-m',
          'immediate',
        ];
        execFileSync(command, rest, { stdio: 'ignore', cwd: folder });
      } catch {
        // Already down.
      }
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
  try {
    const port = await freePort(55400, 55499);
    await run('initdb', [
      '-D',
      dataDir,
      '-U',
      SUPERUSER,
      '--auth=trust',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=200`;
    await pgCtl('start', '-o', options);
    started = true;
    const adminUrl = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`;
    return {
      url,
      port,
      async restart() {
        const stoppedAt = Date.now();
        await pgCtl('restart', '-m', 'fast', '-o', options);
        return { stoppedAt, answeringAt: await waitUntilAnswering(url) };
      },
      remove,
    };
  } catch (error) {
    remove();
    throw error;
  }
}
