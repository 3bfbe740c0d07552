import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/fixtures';
import { jsonResponse, stubFetch } from '../testing/render';
import { ApiError, apiRequest, REFRESH_PATH, setSessionExpiredHandler } from './api-client';
import { getAccessToken, getSession, setAccessToken, setUser } from './session';

function header(init: RequestInit | undefined, name: string): string | undefined {
  return (init?.headers as Record<string, string> | undefined)?.[name];
}

function authorization(init: RequestInit | undefined): string | undefined {
  return header(init, 'Authorization');
}

/** Web Locks as the tabs of one browser share them: one holder at a time, in order of request. */
function locksSharedByTabs() {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    request: (_name: string, task: () => Promise<unknown>) => {
      const run = queue.then(task);
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

/** The API client as another tab loads it: its own module state, the same local storage. */
async function freshTab() {
  vi.resetModules();
  return import('./api-client');
}

describe('apiRequest', () => {
  const expired = vi.fn();

  beforeEach(() => {
    setAccessToken('old-token');
    setSessionExpiredHandler(expired);
  });

  afterEach(() => {
    expired.mockReset();
  });

  it('sends the bearer token, JSON and same-origin credentials', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ ok: true }));
    await apiRequest('/api/things', { method: 'POST', json: { a: 1 } });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things');
    expect(authorization(init)).toBe('Bearer old-token');
    expect(header(init, 'Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it('refreshes the token once on a 401 and retries the call with the new token', async () => {
    const fetchMock = stubFetch((url, init) => {
      if (url === REFRESH_PATH) return jsonResponse({ token: 'new-token' });
      return authorization(init) === 'Bearer new-token'
        ? jsonResponse({ value: 42 })
        : jsonResponse({ detail: 'Unauthorized' }, 401);
    });
    await expect(apiRequest('/api/things')).resolves.toEqual({ value: 42 });
    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls).toEqual(['/api/things', REFRESH_PATH, '/api/things']);
    expect(fetchMock.mock.calls[1]?.[1]?.method).toBe('POST');
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBeUndefined();
    expect(getAccessToken()).toBe('new-token');
    expect(expired).not.toHaveBeenCalled();
  });

  it('shares one refresh between concurrent calls that get a 401', async () => {
    let refreshes = 0;
    const fetchMock = stubFetch(async (url, init) => {
      if (url === REFRESH_PATH) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse({ token: 'new-token' });
      }
      return authorization(init) === 'Bearer new-token'
        ? jsonResponse({ url })
        : jsonResponse({ detail: 'Unauthorized' }, 401);
    });
    const answers = await Promise.all([apiRequest('/api/a'), apiRequest('/api/b'), apiRequest('/api/c')]);
    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }, { url: '/api/c' }]);
    expect(refreshes).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('makes one refresh call when two tabs get a 401 at once, and both go on with its token', async () => {
    vi.stubGlobal('navigator', { locks: locksSharedByTabs() });
    let refreshes = 0;
    stubFetch(async (url, init) => {
      if (url === REFRESH_PATH) {
        refreshes += 1;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return jsonResponse({ token: `token-${refreshes}` });
      }
      return authorization(init) === 'Bearer token-1'
        ? jsonResponse({ url })
        : jsonResponse({ detail: 'Unauthorized' }, 401);
    });
    const firstTab = await freshTab();
    const secondTab = await freshTab();
    const answers = await Promise.all([firstTab.apiRequest('/api/a'), secondTab.apiRequest('/api/b')]);
    expect(answers).toEqual([{ url: '/api/a' }, { url: '/api/b' }]);
    expect(refreshes).toBe(1);
    expect(expired).not.toHaveBeenCalled();
  });

  it('retries only once: a second 401 is an error', async () => {
    const fetchMock = stubFetch((url) =>
      url === REFRESH_PATH
        ? jsonResponse({ token: 'new-token' })
        : jsonResponse({ detail: 'Unauthorized' }, 401),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('clears the session and sends the user to the start when the refresh fails', async () => {
    setUser(buildUser());
    stubFetch(() => jsonResponse({ detail: 'Unauthorized' }, 401));
    const failure = apiRequest('/api/things');
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(getSession().user).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('turns error bodies into messages', async () => {
    stubFetch(() =>
      jsonResponse({ detail: [{ loc: ['body', 'email'], msg: 'Bad e-mail', type: 'x' }] }, 422),
    );
    await expect(apiRequest('/api/things')).rejects.toMatchObject({ status: 422, message: 'Bad e-mail' });
  });
});
