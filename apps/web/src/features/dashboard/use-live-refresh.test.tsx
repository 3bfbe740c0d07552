import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { accountKeys } from '../../lib/account-api';
import { stormEventKeys } from '../../lib/storm-events-api';
import { REFRESH_INTERVAL_MS, useLiveRefresh } from './use-live-refresh';

function renderRefresh() {
  const queryClient = new QueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  renderHook(() => useLiveRefresh(10), { wrapper });
  const refreshed = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { refreshed };
}

describe('live refresh', () => {
  it('re-reads the locations, the alerts, the storm events and every rainfall query every 15 minutes', () => {
    vi.useFakeTimers();
    const { refreshed } = renderRefresh();
    vi.advanceTimersByTime(REFRESH_INTERVAL_MS - 1);
    expect(refreshed()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(refreshed()).toEqual([
      ['rainfall'],
      ['alerts'],
      accountKeys.locations(10),
      stormEventKeys.all(10),
    ]);
  });

  it('refreshes when the tab comes back after a while, not on every glance', () => {
    vi.useFakeTimers();
    const { refreshed } = renderRefresh();
    window.dispatchEvent(new Event('focus'));
    expect(refreshed()).toEqual([]);
    vi.advanceTimersByTime(5 * 60_000);
    window.dispatchEvent(new Event('focus'));
    expect(refreshed()).toEqual([
      ['rainfall'],
      ['alerts'],
      accountKeys.locations(10),
      stormEventKeys.all(10),
    ]);
  });
});
