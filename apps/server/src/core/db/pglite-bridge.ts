import type { MessagePort } from 'node:worker_threads';
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * PGlite answering other threads over `MessagePort`s: the embedded database runs in a thread of
 * its own (`pglite-thread.ts`), and the API thread and the job worker's thread each talk to it
 * through a `PgliteOverPort`, which drizzle and pg-boss use as they would use PGlite itself.
 * A transaction holds PGlite's transaction lock in the database thread until its owner commits or
 * rolls back, so statements of other threads never run inside it; one whose thread dies (its port
 * closes) is rolled back.
 */

type Request =
  | { id: number; op: 'query'; sql: string; params?: unknown[]; options?: PortableOptions; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean };

/** A request before it is numbered. */
type Outgoing = Request extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

type Reply = { id: number; result: unknown } | { id: number; error: PortableError };

/** What of PGlite's query options crosses threads: parsers are functions, so only the types kept as text. */
interface PortableOptions {
  rowMode?: QueryOptions['rowMode'];
  textTypes?: number[];
}

type PortableError = Record<string, string | number | undefined> & { message: string };

/** The primitives of a database error (code, detail, constraint...), which is what callers read. */
function portableError(error: unknown): PortableError {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: PortableError = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return fields;
}

function errorFrom(fields: PortableError): Error {
  return Object.assign(new Error(fields.message), fields);
}

/**
 * Only parsers that keep a type's text cross threads (drizzle asks that of dates and intervals);
 * any other parser would silently be lost, so it is refused where it is written.
 */
function portableOptions(options?: QueryOptions): PortableOptions | undefined {
  if (!options) return undefined;
  const textTypes: number[] = [];
  for (const [type, parser] of Object.entries(options.parsers ?? {})) {
    if (parser('x', Number(type)) !== 'x')
      throw new Error(`PGlite parser for type ${type} cannot cross threads`);
    textTypes.push(Number(type));
  }
  return { rowMode: options.rowMode, textTypes };
}

function localOptions(options?: PortableOptions): QueryOptions | undefined {
  if (!options) return undefined;
  const keepText = (value: string) => value;
  const parsers = Object.fromEntries((options.textTypes ?? []).map((type) => [type, keepText]));
  return { rowMode: options.rowMode, parsers };
}

/** Answers one thread's statements and transactions on `pglite`. */
export function servePglite(pglite: PGlite, port: MessagePort): void {
  const open = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<void> }>();

  /** Takes PGlite's transaction lock and holds it until `end`; answers once the lock is held. */
  function begin(id: number): Promise<number> {
    return new Promise<number>((started, failed) => {
      let end: (commit: boolean) => void = () => undefined;
      const done = pglite.transaction(
        (tx) =>
          new Promise<void>((commit, rollback) => {
            end = (ok) => (ok ? commit() : rollback(new Error('rolled back')));
            open.set(id, { tx, end, done });
            started(id);
          }),
      );
      done.catch(failed).finally(() => open.delete(id));
    });
  }

  async function end(tx: number, commit: boolean): Promise<null> {
    const transaction = open.get(tx);
    if (!transaction) throw new Error('the transaction has ended');
    transaction.end(commit);
    if (commit) await transaction.done;
    else await transaction.done.catch(() => undefined);
    return null;
  }

  function target(tx?: number): Pick<Transaction, 'query' | 'exec'> {
    if (tx === undefined) return pglite;
    const transaction = open.get(tx);
    if (!transaction) throw new Error('the transaction has ended');
    return transaction.tx;
  }

  async function answer(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query':
        return target(request.tx).query(request.sql, request.params, localOptions(request.options));
      case 'exec':
        return target(request.tx).exec(request.sql);
      case 'begin':
        return begin(request.id);
      case 'end':
        return end(request.tx, request.commit);
    }
  }

  port.on('message', (request: Request) => {
    answer(request).then(
      (result) => port.postMessage({ id: request.id, result } satisfies Reply),
      (error: unknown) => port.postMessage({ id: request.id, error: portableError(error) } satisfies Reply),
    );
  });
  port.on('close', () => {
    for (const transaction of open.values()) transaction.end(false);
  });
}

type Queryable = Pick<Transaction, 'query' | 'exec'>;

/** PGlite as another thread sees it: statements and transactions sent to the database thread. */
export class PgliteOverPort implements Queryable {
  private next = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  constructor(private readonly port: MessagePort) {
    port.on('message', (reply: Reply) => {
      const call = this.waiting.get(reply.id);
      if (!call) return;
      this.waiting.delete(reply.id);
      if ('error' in reply) call.reject(errorFrom(reply.error));
      else call.resolve(reply.result);
    });
    // An idle port must not keep a thread alive; a call waiting for its answer does.
    port.unref();
  }

  private send<T>(request: Outgoing): Promise<T> {
    const id = this.next++;
    if (this.waiting.size === 0) this.port.ref();
    return new Promise<T>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ ...request, id } as Request);
    }).finally(() => {
      if (this.waiting.size === 0) this.port.unref();
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    return this.send({ op: 'query', sql, params, options: portableOptions(options), tx });
  }

  exec(sql: string, _options?: QueryOptions, tx?: number): Promise<Results[]> {
    return this.send({ op: 'exec', sql, tx });
  }

  /** Runs `callback` in one transaction of the database thread, committed if it returns. */
  async transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> {
    const tx = await this.send<number>({ op: 'begin' });
    const scoped: Queryable = {
      query: (sql, params, options) => this.query(sql, params, options, tx),
      exec: (sql, options) => this.exec(sql, options, tx),
    };
    let result: T;
    try {
      result = await callback(scoped);
    } catch (error) {
      await this.send({ op: 'end', tx, commit: false });
      throw error;
    }
    await this.send({ op: 'end', tx, commit: true });
    return result;
  }

  close(): void {
    this.port.close();
  }
}
