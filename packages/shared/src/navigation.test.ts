import { describe, expect, it } from 'vitest';
import { navLinks, showsShell, showsSwitchUser } from './navigation';
import type { Viewer } from './roles';

const viewer = (overrides: Partial<Viewer>): Viewer => ({
  role: 'client',
  coOwner: false,
  isSuperuser: false,
  tier: 3,
  ...overrides,
});

const linksOf = (v: Viewer) => navLinks(v).map((link) => `${link.label}:${link.to}`);

describe('header links', () => {
  it('gives an account owner every link, Settings to the contact list', () => {
    expect(linksOf(viewer({ tier: 1 }))).toEqual([
      'Data:/dashboard',
      'Graphs:/dashboard#graphs',
      'Forecasts:/dashboard#forecast',
      'Storm Events:/storm-events',
      'Reports:/reports',
      'Assignments:/assign-locations',
      'Settings:/contact-list',
    ]);
  });

  it('hides Assignments and Settings from a plain contact but not from a co-owner', () => {
    expect(linksOf(viewer({ role: 'contact' }))).not.toContain('Assignments:/assign-locations');
    expect(linksOf(viewer({ role: 'contact' }))).not.toContain('Settings:/contact-list');
    expect(linksOf(viewer({ role: 'contact', coOwner: true }))).toContain('Assignments:/assign-locations');
    expect(linksOf(viewer({ role: 'contact', coOwner: true }))).toContain('Settings:/contact-list');
  });

  it('needs tier 1 for Assignments and Settings', () => {
    expect(linksOf(viewer({ tier: 0 }))).toEqual([
      'Data:/dashboard',
      'Graphs:/dashboard#graphs',
      'Forecasts:/dashboard#forecast',
      'Storm Events:/storm-events',
      'Reports:/reports',
    ]);
  });

  it('sends the admin role to /admin without graphs; a superuser gets client management', () => {
    expect(linksOf(viewer({ role: 'admin', tier: 3 }))).toEqual(['Data:/admin', 'Reports:/reports']);
    expect(linksOf(viewer({ role: 'admin', isSuperuser: true, tier: 4 }))).toEqual([
      'Data:/admin',
      'Reports:/reports',
      'Settings:/settings-admin',
    ]);
  });

  it('highlights Assignments on /assignments too', () => {
    const assignments = navLinks(viewer({})).find((link) => link.key === 'assignments');
    expect(assignments?.activeOn).toContain('/assignments');
  });

  it('offers Switch User from tier 2', () => {
    expect(showsSwitchUser(viewer({ tier: 1 }))).toBe(false);
    expect(showsSwitchUser(viewer({ tier: 2 }))).toBe(true);
  });
});

describe('pages without the shell', () => {
  it.each([
    '/',
    '/wizard',
    '/registration-complete',
    '/reset-password',
    '/forgot-password',
    '/upgrade',
    '/order-locations',
    '/cancel-signup',
    '/checkout/test/cs_test_1',
  ])('hides the menu on %s', (path) => {
    expect(showsShell(path)).toBe(false);
  });
  it('shows it on the dashboard', () => {
    expect(showsShell('/dashboard')).toBe(true);
  });
});
