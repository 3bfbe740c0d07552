import {
  ActionIcon,
  Anchor,
  Button,
  Checkbox,
  Group,
  Input,
  Popover,
  ScrollArea,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { IconChevronDown, IconPlus, IconStar, IconStarFilled } from '@tabler/icons-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { groupByCategory } from './picker-groups';

/** Anything a checklist lists: its id becomes the checkbox value. */
export interface Checkable {
  id: number | string;
}

/** The caller's starred items (ids as checkbox values) and how to star or unstar one. */
export interface PickerFavourites {
  ids: ReadonlySet<string>;
  onToggle: (id: string, favourite: boolean) => void;
}

/** A link under the list to add another item, for those who may add one. */
export interface PickerAdd {
  label: string;
  path: string;
}

/** What a generic list picker may offer beyond search and select-all (spec part 1 §2 "Other"). */
export interface PickerExtras<I> {
  /** The item's category: when any item has one, the items show under their category's heading. */
  categoryOf?: (item: I) => string | null;
  /** A star on each item and a favourites-only switch. */
  favourites?: PickerFavourites;
  add?: PickerAdd;
}

function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.trim().toLowerCase());
}

export interface ChecklistProps<I extends Checkable> extends PickerExtras<I> {
  label: string;
  items: readonly I[];
  describe: (item: I) => string;
  /** Chosen ids as strings (the checkbox values). */
  selected: string[];
  onChange: (ids: string[]) => void;
  empty: string;
}

export const FAVOURITES_WORDS = {
  only: 'Favourites only',
  none: 'No favourites yet: star one with the star beside it.',
  star: (name: string) => `Favourite: ${name}`,
} as const;

/** The favourites-only switch, when the picker has favourites. */
export function FavouritesOnly({
  favourites,
  on,
  onChange,
}: {
  favourites: PickerFavourites | undefined;
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  if (!favourites) return null;
  return (
    <Switch
      size="sm"
      label={FAVOURITES_WORDS.only}
      checked={on}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}

/** The picker's add link: a plus and the label. */
export function AddLink({ add }: { add: PickerAdd | undefined }) {
  if (!add) return null;
  return (
    <Anchor component={Link} to={add.path} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconPlus size={14} aria-hidden />
        {add.label}
      </Group>
    </Anchor>
  );
}

export function StarToggle({
  name,
  on,
  onToggle,
}: {
  name: string;
  on: boolean;
  onToggle: (on: boolean) => void;
}) {
  return (
    <ActionIcon
      variant="subtle"
      color={on ? 'yellow.8' : 'gray.7'}
      size="sm"
      aria-label={FAVOURITES_WORDS.star(name)}
      aria-pressed={on}
      onClick={() => onToggle(!on)}
    >
      {on ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />}
    </ActionIcon>
  );
}

/** A category's items as a labelled group, or the items alone when the list has no categories. */
function CategoryGroup({ heading, children }: { heading: string | null; children: ReactNode }) {
  const id = useId();
  if (heading === null) return children;
  return (
    <Stack gap={8} role="group" aria-labelledby={id}>
      <Text id={id} size="xs" fw={700} c="dimmed" tt="uppercase" mt={4}>
        {heading}
      </Text>
      {children}
    </Stack>
  );
}

/** The items a favourites-only switch leaves: the starred ones while it is on. */
export function favouritesShown<I extends Checkable>(
  items: readonly I[],
  favourites: PickerFavourites | undefined,
  only: boolean,
): readonly I[] {
  return favourites && only ? items.filter((item) => favourites.ids.has(String(item.id))) : items;
}

/**
 * A multi-select with a search box and a select-all box over the items shown; with `extras`,
 * category headings, stars with a favourites-only switch, and an add link.
 */
export function ItemChecklist<I extends Checkable>({
  label,
  items,
  describe,
  selected,
  onChange,
  empty,
  categoryOf,
  favourites,
  add,
}: ChecklistProps<I>) {
  const [search, setSearch] = useState('');
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  const shown = favouritesShown(items, favourites, favouritesOnly).filter((item) =>
    matches(describe(item), search),
  );
  const shownIds = shown.map((item) => String(item.id));
  const chosenShown = shownIds.filter((id) => selected.includes(id));
  const allShownChosen = shown.length > 0 && chosenShown.length === shown.length;
  const nothingShown =
    favouritesOnly && favourites?.ids.size === 0 ? FAVOURITES_WORDS.none : 'Nothing matches the search.';

  const toggleAll = (on: boolean) => {
    const others = selected.filter((id) => !shownIds.includes(id));
    onChange(on ? [...others, ...shownIds] : others);
  };

  const row = (item: I) => {
    const id = String(item.id);
    const checkbox = <Checkbox key={id} value={id} label={describe(item)} />;
    if (!favourites) return checkbox;
    return (
      <Group key={id} justify="space-between" wrap="nowrap" gap="xs">
        {checkbox}
        <StarToggle
          name={describe(item)}
          on={favourites.ids.has(id)}
          onToggle={(on) => favourites.onToggle(id, on)}
        />
      </Group>
    );
  };

  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        label={`Search ${label.toLowerCase()}`}
        placeholder="Type to filter"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        disabled={items.length === 0}
      />
      <FavouritesOnly favourites={favourites} on={favouritesOnly} onChange={setFavouritesOnly} />
      <Checkbox.Group label={label} value={selected} onChange={onChange}>
        {items.length === 0 ? (
          <Text size="sm" mt={4}>
            {empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300} type="auto" mt={6} offsetScrollbars>
            <Stack gap={8} pb={2}>
              {groupByCategory(shown, categoryOf).map((group) => (
                <CategoryGroup key={group.heading ?? ''} heading={group.heading}>
                  {group.items.map(row)}
                </CategoryGroup>
              ))}
              {shown.length === 0 && <Text size="sm">{nothingShown}</Text>}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Checkbox.Group>
      {shown.length > 1 && (
        <Checkbox
          label="Select all shown"
          checked={allShownChosen}
          indeterminate={chosenShown.length > 0 && !allShownChosen}
          onChange={(event) => toggleAll(event.currentTarget.checked)}
        />
      )}
      <AddLink add={add} />
      <Text size="sm" role="status">
        {selected.length} selected
      </Text>
    </Stack>
  );
}

/**
 * The checklist folded into a button, for phone widths: the button says how many are chosen
 * (`placeholder` while none are) and opens the list with its search and select-all boxes.
 */
export function DropdownChecklist<I extends Checkable>({
  placeholder,
  ...checklist
}: ChecklistProps<I> & { placeholder: string }) {
  const labelId = useId();
  const { selected } = checklist;
  const summary = selected.length === 0 ? placeholder : `${selected.length} selected`;
  return (
    <Input.Wrapper label={checklist.label} labelProps={{ id: labelId, component: 'div' }}>
      <Popover position="bottom-start" width="target" shadow="md" trapFocus>
        <Popover.Target>
          <Button
            variant="default"
            fullWidth
            justify="space-between"
            rightSection={<IconChevronDown size={16} aria-hidden />}
            aria-labelledby={`${labelId} ${labelId}-summary`}
            fw={400}
          >
            <span id={`${labelId}-summary`}>{summary}</span>
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <ItemChecklist {...checklist} />
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
