import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { buildRoutineInspection, buildUser } from '../../../testing/fixtures';
import { jsonResponse, serveExpected } from '../../../testing/render';
import { signInAs } from '../../../testing/session';
import { useStormBadges } from './use-storm-badges';

function CurrentPath({ onPath }: { onPath: (path: string) => void }) {
  onPath(useLocation().pathname);
  return null;
}

/** The hook's badges for account 10, and the path its badges navigated to. */
function renderBadges() {
  let path = '';
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders env="test">
      <MemoryRouter>
        {children}
        <CurrentPath
          onPath={(current) => {
            path = current;
          }}
        />
      </MemoryRouter>
    </AppProviders>
  );
  const { result } = renderHook(() => useStormBadges(10), { wrapper });
  return { result, path: () => path };
}

describe('dashboard storm badges', () => {
  it('marks the locations whose routine inspection is overdue, and opens their routine page', async () => {
    signInAs(buildUser());
    serveExpected((url) => {
      if (url === '/api/storm-events/pending?client_id=10') {
        return jsonResponse({
          locations: [{ location_id: 103, event_id: 41, status: 'due', due_at: '2026-11-28T18:00:00.000Z' }],
        });
      }
      if (url === '/api/routine-inspections?client_id=10') {
        return jsonResponse({
          items: [
            buildRoutineInspection({ location_id: 101 }),
            buildRoutineInspection({ location_id: 102, status: 'due' }),
          ],
        });
      }
      return undefined;
    });
    const { result, path } = renderBadges();
    await waitFor(() => expect([...result.current.routineOverdue]).toEqual([101]));
    await waitFor(() => expect(result.current.byLocation.get(103)?.event_id).toBe(41));
    act(() => result.current.openRoutine(101));
    expect(path()).toBe('/storm-events/routine/101');
    act(() => result.current.open(41));
    expect(path()).toBe('/storm-events/41');
  });
});
