import { describe, expect, it } from 'vitest';
import { layoutEmail, subjectLine } from './email-layout';

describe('subjectLine', () => {
  it('makes one plain line of a subject carrying a name its owner wrote', () => {
    expect(subjectLine('Pluvio: Monthly Report, <b>Acme</b>\r\nBcc: victim@example.com')).toBe(
      'Pluvio: Monthly Report, Acme Bcc: victim@example.com',
    );
    expect(subjectLine('  Rain \t\t at   <script>alert(1)</script> Site\u0000 ')).toBe(
      'Rain at alert(1) Site',
    );
  });

  it('leaves an ordinary subject as it is, ampersands and all', () => {
    expect(subjectLine('You were added to Smith & Sons on Pluvio')).toBe(
      'You were added to Smith & Sons on Pluvio',
    );
  });

  it('cuts a very long subject to 200 characters', () => {
    const cut = subjectLine('x'.repeat(500));
    expect(Array.from(cut)).toHaveLength(200);
    expect(cut.endsWith('…')).toBe(true);
  });
});

describe('layoutEmail', () => {
  it('escapes text written by users in the HTML part', () => {
    const { html, text } = layoutEmail(['Reports of <img src=x onerror=alert(1)> Farms'], {
      label: 'Open',
      url: 'http://localhost:3000/reports',
    });
    expect(html).toContain('Reports of &#60;img src=x onerror=alert(1)&#62; Farms');
    expect(html).not.toContain('<img');
    expect(text).toContain('Reports of <img src=x onerror=alert(1)> Farms');
  });
});
