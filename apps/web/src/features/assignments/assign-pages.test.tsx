import { ASSIGNMENT_MESSAGES } from '@pluvio/shared/assignments';
import type { Contact } from '@pluvio/shared/contacts';
import type { Location } from '@pluvio/shared/locations';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setAccessToken, setUser } from '../../lib/session';
import { buildClient, buildContact, buildLocation, buildUser } from '../../testing/fixtures';
import { jsonResponse, renderRoute, stubFetch, withConfig } from '../../testing/render';

const LOCATIONS = [
  buildLocation({ id: 1, name: 'North Yard', category: 'Yards' }),
  buildLocation({ id: 2, name: 'South Pit' }),
];
const CONTACTS = [
  buildContact({ id: 11, name: 'Ann', email: 'ann@example.com' }),
  buildContact({ id: 12, name: 'Bob', email: 'bob@example.com' }),
  buildContact({ id: 13, name: 'Cy', email: 'cy@example.com' }),
];

/**
 * A small account on the server side: which contacts each location notifies. Assign and
 * remove answer the new assigned list, as the API does.
 */
function serveAccount(assigned: Map<number, Set<number>>) {
  const contactsOf = (locationId: number): Contact[] =>
    CONTACTS.filter((contact) => assigned.get(locationId)?.has(contact.id));
  const locationsOf = (contactId: number): Location[] =>
    LOCATIONS.filter((location) => assigned.get(location.id)?.has(contactId));
  const ids = (init: RequestInit): number[] => JSON.parse(String(init.body));
  const change = (locationId: number, contactIds: number[], add: boolean) => {
    const set = assigned.get(locationId) ?? new Set<number>();
    for (const id of contactIds) add ? set.add(id) : set.delete(id);
    assigned.set(locationId, set);
  };
  return stubFetch(
    withConfig((url, init) => {
      const path = url.split('?')[0] ?? '';
      const post = init.method === 'POST';
      if (path === '/api/locations/') return jsonResponse(LOCATIONS);
      if (path === '/api/contacts/') return jsonResponse(CONTACTS);
      let match = path.match(/^\/api\/locations\/(\d+)\/(contacts|remove_contacts)$/);
      if (match) {
        const locationId = Number(match[1]);
        if (post) change(locationId, ids(init), match[2] === 'contacts');
        return jsonResponse(contactsOf(locationId));
      }
      match = path.match(/^\/api\/contacts\/(\d+)\/(locations|remove_locations)$/);
      if (match) {
        const contactId = Number(match[1]);
        if (post)
          for (const locationId of ids(init)) change(locationId, [contactId], match[2] === 'locations');
        return jsonResponse(locationsOf(contactId));
      }
      return jsonResponse({ detail: 'unexpected' }, 500);
    }),
  );
}

function step(name: RegExp) {
  return within(screen.getByRole('region', { name }));
}

function checkedNames(region: ReturnType<typeof step>, group: string) {
  return within(region.getByRole('group', { name: group }))
    .getAllByRole('checkbox')
    .map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

function callsTo(fetchMock: ReturnType<typeof serveAccount>, prefix: string, method = 'GET') {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).startsWith(prefix) && (init?.method ?? 'GET') === method,
  );
}

describe('assign contacts', () => {
  beforeEach(() => {
    setAccessToken('token-1');
    setUser(buildUser({ clients: [buildClient({ tier: 'gold' })] }));
  });

  it('asks for a location first', async () => {
    serveAccount(new Map());
    renderRoute('/assignments');
    await screen.findByRole('heading', { name: 'Assign Contacts' });
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MESSAGES.selectLocationFirst);
  });

  it('assigns the chosen contacts and reloads both lists with their counts', async () => {
    const fetchMock = serveAccount(new Map([[1, new Set([11])]]));
    renderRoute('/assignments');
    await choose('Location', 'North Yard');
    expect(await step(/^4\./).findByText('1 assigned')).toBeTruthy();
    expect(step(/^2\./).getByText('2 unassigned')).toBeTruthy();

    await userEvent.click(step(/^2\./).getByRole('checkbox', { name: 'Bob (bob@example.com)' }));
    await userEvent.click(step(/^2\./).getByRole('checkbox', { name: 'Cy (cy@example.com)' }));
    expect(step(/^2\./).getByText('2 selected')).toBeTruthy();
    const contactReads = callsTo(fetchMock, '/api/contacts/?').length;
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));

    expect(await step(/^4\./).findByText('3 assigned')).toBeTruthy();
    expect(step(/^2\./).getByText('0 unassigned')).toBeTruthy();
    expect(step(/^2\./).getByText('0 selected')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    const [post] = callsTo(fetchMock, '/api/locations/1/contacts', 'POST');
    expect(post?.[0]).toBe('/api/locations/1/contacts?client_id=10');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual([12, 13]);
    expect(callsTo(fetchMock, '/api/locations/1/contacts?').length).toBeGreaterThanOrEqual(2);
    expect(callsTo(fetchMock, '/api/contacts/?').length).toBeGreaterThan(contactReads);
  });

  it('asks for contacts to assign, then unassigns those chosen in the assigned list', async () => {
    const fetchMock = serveAccount(new Map([[1, new Set([11, 12])]]));
    const { router } = renderRoute('/dashboard');
    await router.navigate('/assignments', { state: { locationId: 1 } });
    await screen.findByRole('heading', { name: 'Assign Contacts' });
    expect(await step(/^4\./).findByText('2 assigned')).toBeTruthy();
    expect(checkedNames(step(/^4\./), 'Assigned contacts')).toEqual([
      'Ann (ann@example.com)',
      'Bob (bob@example.com)',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MESSAGES.selectContacts);

    const search = step(/^4\./).getByRole('searchbox', { name: 'Search assigned contacts' });
    await userEvent.click(search);
    await userEvent.paste('ann');
    expect(checkedNames(step(/^4\./), 'Assigned contacts')).toEqual(['Ann (ann@example.com)']);
    await userEvent.click(step(/^4\./).getByRole('checkbox', { name: 'Ann (ann@example.com)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Unassign' }));
    expect(await step(/^4\./).findByText('1 assigned')).toBeTruthy();
    expect(step(/^2\./).getByText('2 unassigned')).toBeTruthy();
    const [post] = callsTo(fetchMock, '/api/locations/1/remove_contacts', 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual([11]);
  });

  it('tells a plain contact that only the owner or a co-owner can assign', async () => {
    setUser(buildUser({ role: 'contact', clients: [buildClient({ membership: 'contact' })] }));
    serveAccount(new Map());
    renderRoute('/assignments');
    expect(await screen.findByText(ASSIGNMENT_MESSAGES.managersOnly)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
  });
});

describe('assign locations', () => {
  beforeEach(() => {
    setAccessToken('token-1');
    setUser(buildUser({ clients: [buildClient({ tier: 'gold' })] }));
  });

  it('asks for a contact first', async () => {
    serveAccount(new Map());
    renderRoute('/assign-locations');
    await screen.findByRole('heading', { name: 'Assign Locations' });
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect((await screen.findByRole('alert')).textContent).toBe(ASSIGNMENT_MESSAGES.selectContactFirst);
  });

  it('starts from the contact the form passed and assigns locations to it', async () => {
    const fetchMock = serveAccount(new Map([[1, new Set([12])]]));
    const { router } = renderRoute('/dashboard');
    await router.navigate('/assign-locations', { state: { contactId: 12 } });
    await screen.findByRole('heading', { name: 'Assign Locations' });
    expect(await step(/^4\./).findByText('1 assigned')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Contact' }) as HTMLInputElement).value).toBe(
      'Bob (bob@example.com)',
    );
    // The locations are listed under their category once any has one.
    const yards = within(step(/^4\./).getByRole('group', { name: 'Yards' }));
    expect(yards.getByRole('checkbox', { name: 'North Yard' })).toBeTruthy();
    expect(step(/^2\./).queryByRole('group', { name: 'No category' })).toBeNull();
    await userEvent.click(step(/^2\./).getByRole('checkbox', { name: 'South Pit' }));
    await userEvent.click(screen.getByRole('button', { name: 'Assign' }));
    expect(await step(/^4\./).findByText('2 assigned')).toBeTruthy();
    const [post] = callsTo(fetchMock, '/api/contacts/12/locations', 'POST');
    expect(post?.[0]).toBe('/api/contacts/12/locations?client_id=10');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual([2]);
  });
});
