import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './support/browser';

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

function filesOf(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return filesOf(full);
    return /\.(js|mjs|html|css|map|json|txt)$/.test(entry.name) ? [full] : [];
  });
}

/** Things that must never reach the browser. */
const SECRET_PATTERNS: { name: string; pattern: RegExp }[] = [
  { name: 'private key', pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----|-----BEGIN [A-Z ]+-----/ },
  { name: 'Stripe secret key', pattern: /\b[sr]k_(live|test)_[0-9A-Za-z]{8,}/ },
  { name: 'Stripe webhook secret', pattern: /\bwhsec_[0-9A-Za-z]{16,}/ },
  { name: 'AWS access key id', pattern: /\b(AKIA|ASIA)[0-9A-Z]{16}\b/ },
  {
    name: 'secret or API key assigned a long literal',
    pattern:
      /\b[\w$]*(api[_-]?key|apikey|secret|client[_-]?secret|auth[_-]?token|access[_-]?key|private[_-]?key|password)[\w$]*["']?\s*[:=]\s*["'`](?=[^"'`]*\d)(?=[^"'`]*[a-z])[A-Za-z0-9+/=_\-.]{20,}["'`]/i,
  },
  { name: 'JSON Web Token', pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/ },
  {
    name: 'connection string with a password',
    pattern: /\b(postgres(ql)?|mysql|mongodb(\+srv)?|redis|smtps?|amqp):\/\/[^\s:@/"']+:[^\s@/"']+@/i,
  },
  { name: 'Slack or GitHub token', pattern: /\b(xox[abprs]-[0-9A-Za-z-]{10,}|gh[pousr]_[0-9A-Za-z]{30,})/ },
  { name: 'demo password', pattern: new RegExp(DEMO_PASSWORD.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&')) },
];

function findings(text: string): string[] {
  const found: string[] = [];
  for (const { name, pattern } of SECRET_PATTERNS) {
    const match = text.match(pattern);
    if (match) {
      const at = match.index ?? 0;
      found.push(`${name}: …${text.slice(Math.max(0, at - 40), at + match[0].length + 20)}…`);
    }
  }
  return found;
}

describe('built web bundle', () => {
  it('has been built', () => {
    expect(fs.existsSync(path.join(distDir, 'index.html')), 'run npm run build -w @pluvio/web first').toBe(
      true,
    );
    expect(filesOf(distDir).filter((file) => file.endsWith('.js')).length).toBeGreaterThan(0);
  });

  it('contains nothing that looks like a secret', () => {
    const problems = filesOf(distDir).flatMap((file) =>
      findings(fs.readFileSync(file, 'utf8')).map((finding) => `${path.relative(distDir, file)}: ${finding}`),
    );
    expect(problems).toEqual([]);
  });

  it('catches the patterns it looks for', () => {
    const samples = [
      '-----BEGIN RSA PRIVATE KEY-----',
      `const key = "sk_live_${'a1B2'.repeat(6)}"`,
      `stripe: 'sk_test_${'c3D4'.repeat(6)}'`,
      `'rk_live_${'e5F6'.repeat(6)}'`,
      `webhook = "whsec_${'g7H8'.repeat(8)}"`,
      'AKIAIOSFODNN7EXAMPLE',
      `apiKey:"${'x1'.repeat(16)}"`,
      `client_secret = '${'z9Q'.repeat(8)}'`,
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTYifQ.c2lnbmF0dXJlc2lnbmF0dXJl',
      `password: "${DEMO_PASSWORD}"`,
    ];
    for (const sample of samples) expect(findings(sample), sample).not.toEqual([]);
    expect(findings('const label = "Password"; const type = "password";')).toEqual([]);
    expect(findings('resetPasswordBadToken:`RESET_PASSWORD_BAD_TOKEN`')).toEqual([]);
  });
});
