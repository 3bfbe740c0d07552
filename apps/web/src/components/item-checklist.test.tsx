import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { type ChecklistProps, ItemChecklist, type PickerFavourites } from './item-checklist';

interface Site {
  id: number;
  name: string;
  category: string | null;
}

const SITES: Site[] = [
  { id: 1, name: 'North Yard', category: 'Yards' },
  { id: 2, name: 'Office', category: null },
  { id: 3, name: 'Dock 4', category: 'Docks' },
  { id: 4, name: 'South Yard', category: 'Yards' },
];

/** The checklist with its choice kept, as a page holds it; `onSelected` hears each choice. */
function Page({
  onSelected,
  ...props
}: Partial<ChecklistProps<Site>> & { onSelected: (ids: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>([]);
  const choose = (ids: string[]) => {
    setSelected(ids);
    onSelected(ids);
  };
  return (
    <ItemChecklist
      label="Sites"
      items={SITES}
      describe={(site) => site.name}
      selected={selected}
      onChange={choose}
      empty="No sites."
      {...props}
    />
  );
}

/** Renders the checklist; `chosen` reads the last choice. */
function renderChecklist(props: Partial<ChecklistProps<Site>> = {}) {
  let chosen: string[] = [];
  renderWithProviders(<Page onSelected={(ids) => (chosen = ids)} {...props} />);
  return { chosen: () => chosen };
}

const categoryOf = (site: Site) => site.category;
const names = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('checkbox')
    .map((box) => box.getAttribute('value'));

describe('the generic list picker', () => {
  it('groups the items under their category, alphabetically, with "No category" last', () => {
    renderChecklist({ categoryOf });
    const list = screen.getByRole('group', { name: 'Sites' });
    const headings = within(list)
      .getAllByRole('group')
      .map((group) => document.getElementById(group.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(headings).toEqual(['Docks', 'Yards', 'No category']);
    expect(names(screen.getByRole('group', { name: 'Yards' }))).toEqual(['1', '4']);
    expect(names(screen.getByRole('group', { name: 'No category' }))).toEqual(['2']);
  });

  it('shows one plain list when no item has a category', () => {
    renderChecklist({ items: SITES.map((site) => ({ ...site, category: null })), categoryOf });
    expect(screen.queryByRole('group', { name: 'No category' })).toBeNull();
    expect(names(screen.getByRole('group', { name: 'Sites' }))).toEqual(['1', '2', '3', '4']);
  });

  it('keeps search and select-all over what is shown, across groups', async () => {
    const { chosen } = renderChecklist({ categoryOf });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search sites' }), 'yard');
    expect(screen.queryByRole('group', { name: 'Docks' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(chosen()).toEqual(['1', '4']);
  });

  it('stars items, and with favourites only shows and selects the starred ones', async () => {
    const onToggle = vi.fn();
    const favourites: PickerFavourites = { ids: new Set(['2', '3']), onToggle };
    const { chosen } = renderChecklist({ categoryOf, favourites });
    const star = screen.getByRole('button', { name: 'Favourite: North Yard' });
    expect(star.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Favourite: Office' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await userEvent.click(star);
    expect(onToggle).toHaveBeenCalledWith('1', true);

    await userEvent.click(screen.getByRole('switch', { name: 'Favourites only' }));
    expect(names(screen.getByRole('group', { name: 'Sites' }))).toEqual(['3', '2']);
    expect(screen.queryByRole('group', { name: 'Yards' })).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
    expect(chosen().sort()).toEqual(['2', '3']);
  });

  it('says how to star one when favourites only finds none', async () => {
    renderChecklist({ favourites: { ids: new Set(), onToggle: vi.fn() } });
    await userEvent.click(screen.getByRole('switch', { name: 'Favourites only' }));
    expect(screen.getByText('No favourites yet: star one with the star beside it.')).toBeTruthy();
  });

  it('offers the add link only when given one', () => {
    renderChecklist({ add: { label: 'Add location', path: '/location-form' } });
    expect(screen.getByRole('link', { name: 'Add location' }).getAttribute('href')).toBe('/location-form');
  });

  it('has no stars, switch or add link unless asked', () => {
    renderChecklist();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Favourite/ })).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
