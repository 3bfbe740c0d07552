import { Checkbox, MultiSelect, Stack } from '@mantine/core';
import { DropdownChecklist } from '../../components/item-checklist';
import { useIsMobile } from '../../lib/use-is-mobile';

export interface Choice {
  id: string;
  name: string;
}

/**
 * Several choices from a list with search and select-all (part 2 §2): a multi-select on wide
 * screens, a dropdown checklist on phones.
 */
export function ChoicePicker({
  label,
  choices,
  selected,
  onChange,
  placeholder,
  empty,
  selectAllLabel,
}: {
  label: string;
  /** The select-all box's words, e.g. 'Select all locations'. */
  selectAllLabel: string;
  choices: readonly Choice[];
  selected: string[];
  onChange: (ids: string[]) => void;
  placeholder: string;
  empty: string;
}) {
  const isMobile = useIsMobile();
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
      />
    );
  }
  const chosen = choices.filter((choice) => selected.includes(choice.id)).length;
  const allChosen = choices.length > 0 && chosen === choices.length;
  return (
    <Stack gap={6}>
      <MultiSelect
        label={label}
        data={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
        value={selected}
        onChange={onChange}
        placeholder={selected.length === 0 ? placeholder : undefined}
        searchable
        clearable
        nothingFoundMessage={choices.length === 0 ? empty : 'Nothing matches the search.'}
        maxDropdownHeight={280}
      />
      {choices.length > 1 && (
        <Checkbox
          size="xs"
          label={selectAllLabel}
          checked={allChosen}
          indeterminate={chosen > 0 && !allChosen}
          onChange={(event) =>
            onChange(event.currentTarget.checked ? choices.map((choice) => choice.id) : [])
          }
        />
      )}
    </Stack>
  );
}
