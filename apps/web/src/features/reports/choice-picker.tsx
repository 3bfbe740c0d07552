import {
  Checkbox,
  type ComboboxItem,
  type ComboboxItemGroup,
  Group,
  MultiSelect,
  type MultiSelectProps,
  Stack,
} from '@mantine/core';
import { IconCheck, IconStarFilled } from '@tabler/icons-react';
import { useState } from 'react';
import {
  AddLink,
  DropdownChecklist,
  FavouritesOnly,
  favouritesShown,
  type PickerExtras,
  type PickerFavourites,
} from '../../components/item-checklist';
import { groupByCategory } from '../../components/picker-groups';
import { useIsMobile } from '../../lib/use-is-mobile';

export interface Choice {
  id: string;
  name: string;
  /** The location's category: choices are grouped under it when any has one. */
  category?: string | null;
}

const categoryOf = (choice: Choice) => choice.category ?? null;

type Option = ComboboxItem | ComboboxItemGroup<ComboboxItem>;

/** The multi-select's options, under category headings when any choice has a category. */
function optionsOf(choices: readonly Choice[]): Option[] {
  return groupByCategory(choices, categoryOf).flatMap(({ heading, items }): Option[] => {
    const options = items.map((choice) => ({ value: choice.id, label: choice.name }));
    return heading === null ? options : [{ group: heading, items: options }];
  });
}

/** A starred option shows its star (drawn only: the option keeps the location's name); a chosen one its check. */
function starredOption(favourites: PickerFavourites): MultiSelectProps['renderOption'] {
  return ({ option, checked }) => (
    <Group gap={6} wrap="nowrap">
      {checked ? <IconCheck size={12} aria-hidden /> : <span style={{ width: 12 }} />}
      <span>{option.label}</span>
      {favourites.ids.has(option.value) && (
        <IconStarFilled size={12} color="var(--mantine-color-yellow-8)" aria-hidden />
      )}
    </Group>
  );
}

/**
 * Several choices from a list with search and select-all (part 2 §2): a multi-select on wide
 * screens, a dropdown checklist on phones; with the generic picker's extras (part 1 §2 "Other"),
 * grouped by category, a favourites-only switch and an add link.
 */
export function ChoicePicker({
  label,
  choices,
  selected,
  onChange,
  placeholder,
  empty,
  selectAllLabel,
  favourites,
  add,
}: {
  label: string;
  /** The select-all box's words, e.g. 'Select all locations'. */
  selectAllLabel: string;
  choices: readonly Choice[];
  selected: string[];
  onChange: (ids: string[]) => void;
  placeholder: string;
  empty: string;
} & Omit<PickerExtras<Choice>, 'categoryOf'>) {
  const isMobile = useIsMobile();
  const [favouritesOnly, setFavouritesOnly] = useState(false);
  if (isMobile) {
    return (
      <DropdownChecklist
        label={label}
        items={choices}
        describe={(choice) => choice.name}
        selected={selected}
        onChange={onChange}
        placeholder={placeholder}
        empty={empty}
        categoryOf={categoryOf}
        favourites={favourites}
        add={add}
      />
    );
  }
  const shown = favouritesShown(choices, favourites, favouritesOnly);
  // Chosen choices stay listed under the switch, so their pills keep their names.
  const listed = choices.filter((choice) => shown.includes(choice) || selected.includes(choice.id));
  const chosen = shown.filter((choice) => selected.includes(choice.id)).length;
  const allChosen = shown.length > 0 && chosen === shown.length;
  const selectShown = (on: boolean) => {
    const shownIds = shown.map((choice) => choice.id);
    const others = selected.filter((id) => !shownIds.includes(id));
    onChange(on ? [...others, ...shownIds] : others);
  };
  return (
    <Stack gap={6}>
      <MultiSelect
        label={label}
        data={optionsOf(listed)}
        value={selected}
        onChange={onChange}
        placeholder={selected.length === 0 ? placeholder : undefined}
        searchable
        clearable
        nothingFoundMessage={choices.length === 0 ? empty : 'Nothing matches the search.'}
        maxDropdownHeight={280}
        renderOption={favourites && starredOption(favourites)}
      />
      <Group gap="lg">
        {shown.length > 1 && (
          <Checkbox
            size="xs"
            label={selectAllLabel}
            checked={allChosen}
            indeterminate={chosen > 0 && !allChosen}
            onChange={(event) => selectShown(event.currentTarget.checked)}
          />
        )}
        <FavouritesOnly favourites={favourites} on={favouritesOnly} onChange={setFavouritesOnly} />
        <AddLink add={add} />
      </Group>
    </Stack>
  );
}
