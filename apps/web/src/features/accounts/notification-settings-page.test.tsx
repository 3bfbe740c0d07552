import { CLIENT_MESSAGES, SETTING_GROUP_TITLES } from '@pluvio/shared/clients';
import { MESSAGES } from '@pluvio/shared/messages';
import { STORM_MESSAGES } from '@pluvio/shared/storm-events';
import type { TierName } from '@pluvio/shared/tiers';
import type { CurrentUser } from '@pluvio/shared/users.schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildAccount, buildClient, buildUser } from '../../testing/fixtures';
import { type FetchHandler, jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

function signIn(user: CurrentUser) {
  setAccessToken('token-1');
  setUser(user);
}

function signInOwner(tier: TierName) {
  signIn(buildUser({ clients: [buildClient({ tier })] }));
}

function serveAccount(tier: TierName, onPatch?: FetchHandler) {
  const account = buildAccount({ tier });
  return stubFetch(
    withConfig((url, init) => {
      if (url.startsWith('/api/clients/10') && init.method === 'PATCH' && onPatch) return onPatch(url, init);
      if (url === '/api/clients/10') return jsonResponse(account);
      return jsonResponse({ detail: 'unexpected' }, 500);
    }),
  );
}

async function group(title: string) {
  return within(await screen.findByRole('group', { name: title }));
}

describe('notification settings', () => {
  it.each([
    ['bronze', ['Forecast', 'NOAA Atlas 14', 'RapidRain']],
    ['silver', ['Forecast']],
    ['gold', []],
  ] as const)('a %s account has %j dimmed and disabled with a way to upgrade', async (tier, locked) => {
    signInOwner(tier);
    serveAccount(tier);
    renderRoute('/settings-general');
    for (const title of Object.values(SETTING_GROUP_TITLES)) {
      const fields = await group(title);
      const disabled = fields.getAllByRole('switch').map((input) => (input as HTMLInputElement).disabled);
      const isLocked = (locked as readonly string[]).includes(title);
      expect(new Set(disabled)).toEqual(new Set([isLocked]));
      expect(
        fields.queryByRole('link', { name: MESSAGES.clickToUpgrade })?.getAttribute('href') ?? null,
      ).toBe(isLocked ? '/upgrade' : null);
    }
    expect(screen.queryAllByText(new RegExp(MESSAGES.tierTooLow))).toHaveLength(locked.length);
  });

  it('saves the settings the tier allows and says so', async () => {
    signInOwner('bronze');
    let sent: Record<string, boolean> = {};
    const fetchMock = serveAccount('bronze', (_url, init) => {
      sent = JSON.parse(String(init.body));
      return jsonResponse(buildAccount({ tier: 'bronze', ...sent }));
    });
    renderRoute('/settings-general');
    await userEvent.click((await group('Daily Report')).getByRole('switch', { name: 'Daily Report' }));
    await userEvent.click((await group('Monthly Report')).getByRole('switch', { name: 'Monthly Report' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CLIENT_MESSAGES.settingsUpdated);
    expect(sent.daily_report_on).toBe(false);
    expect(sent.monthly_report_on).toBe(false);
    expect(sent.exceed24h_on).toBe(true);
    expect(Object.keys(sent)).not.toContain('forecast_on');
    expect(Object.keys(sent)).not.toContain('rapidrain_on');
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(patch?.[0]).toBe('/api/clients/10?client_id=10');
  });

  it('saves the default storm threshold of new locations, and refuses a bad one with its message', async () => {
    signInOwner('bronze');
    let sent: Record<string, unknown> = {};
    const fetchMock = serveAccount('bronze', (_url, init) => {
      sent = JSON.parse(String(init.body));
      return jsonResponse(buildAccount({ tier: 'bronze', storm_threshold: Number(sent.storm_threshold) }));
    });
    renderRoute('/settings-general');
    const threshold = (await group('Storm inspections')).getByLabelText(/^Default permit threshold/);
    expect((threshold as HTMLInputElement).value).toBe('0.25');
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0.333');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(STORM_MESSAGES.threshold)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.clear(threshold);
    await userEvent.type(threshold, '0.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CLIENT_MESSAGES.settingsUpdated);
    expect(sent.storm_threshold).toBe(0.5);
    expect(screen.queryByText(STORM_MESSAGES.threshold)).toBeNull();
  });

  it('saves the dry hours that end a storm event, and refuses a fraction with its message', async () => {
    signInOwner('bronze');
    let sent: Record<string, unknown> = {};
    const fetchMock = serveAccount('bronze', (_url, init) => {
      sent = JSON.parse(String(init.body));
      return jsonResponse(buildAccount({ tier: 'bronze', storm_dry_hours: Number(sent.storm_dry_hours) }));
    });
    renderRoute('/settings-general');
    const dryHours = (await group('Storm inspections')).getByLabelText(/^Dry hours that end a storm event/);
    expect((dryHours as HTMLInputElement).value).toBe('6');
    await userEvent.clear(dryHours);
    await userEvent.type(dryHours, '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText(STORM_MESSAGES.dryHours)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await userEvent.clear(dryHours);
    await userEvent.type(dryHours, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CLIENT_MESSAGES.settingsUpdated);
    expect(sent.storm_dry_hours).toBe(12);
  });

  it('says when saving fails', async () => {
    signInOwner('gold');
    serveAccount('gold', () => jsonResponse({ detail: 'Please upgrade to enable this feature' }, 403));
    renderRoute('/settings-general');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_MESSAGES.settingsFailed);
  });

  it('says when the account cannot be read', async () => {
    signInOwner('gold');
    stubFetch(withConfig(() => jsonResponse({ detail: 'Account not found' }, 404)));
    renderRoute('/settings-general');
    expect((await screen.findByRole('alert')).textContent).toBe(CLIENT_MESSAGES.loadFailed);
  });

  it('tells a superuser that settings belong to each account', async () => {
    signIn(buildUser({ is_superuser: true, clients: [] }));
    const fetchMock = serveAccount('gold');
    renderRoute('/settings-general');
    expect(await screen.findByText(CLIENT_MESSAGES.settingsPerAccount)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/clients'))).toBe(false);
  });

  it('tells a plain contact that only the owner or a co-owner can change them', async () => {
    signIn(buildUser({ role: 'contact', clients: [buildClient({ membership: 'contact' })] }));
    serveAccount('gold');
    renderRoute('/settings-general');
    expect(await screen.findByText(MESSAGES.settingsOwnersOnly)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
  });
});
