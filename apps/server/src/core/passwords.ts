import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): memory-hard, about 20 ms here (D13). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let decoyHash: Promise<string> | undefined;

/**
 * Checks a password; with no stored hash it still spends the same work on a decoy, so the
 * answer time does not tell whether an address has an account (D15).
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (storedHash) return verify(storedHash, password).catch(() => false);
  decoyHash ??= hash('decoy password for timing only');
  await verify(await decoyHash, password).catch(() => false);
  return false;
}
