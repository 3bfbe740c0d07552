import { Button, Checkbox, Input, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId, useState } from 'react';

/** Anything a checklist lists: its id becomes the checkbox value. */
export interface Checkable {
  id: number | string;
}

function matches(text: string, search: string): boolean {
  return text.toLowerCase().includes(search.trim().toLowerCase());
}

export interface ChecklistProps<I extends Checkable> {
  label: string;
  items: readonly I[];
  describe: (item: I) => string;
  /** Chosen ids as strings (the checkbox values). */
  selected: string[];
  onChange: (ids: string[]) => void;
  empty: string;
}

/** A multi-select with a search box and a select-all box over the items shown. */
export function ItemChecklist<I extends Checkable>({
  label,
  items,
  describe,
  selected,
  onChange,
  empty,
}: ChecklistProps<I>) {
  const [search, setSearch] = useState('');
  const shown = items.filter((item) => matches(describe(item), search));
  const shownIds = shown.map((item) => String(item.id));
  const chosenShown = shownIds.filter((id) => selected.includes(id));
  const allShownChosen = shown.length > 0 && chosenShown.length === shown.length;

  const toggleAll = (on: boolean) => {
    const others = selected.filter((id) => !shownIds.includes(id));
    onChange(on ? [...others, ...shownIds] : others);
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
      <Checkbox.Group label={label} value={selected} onChange={onChange}>
        {items.length === 0 ? (
          <Text size="sm" mt={4}>
            {empty}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300} type="auto" mt={6} offsetScrollbars>
            <Stack gap={8} pb={2}>
              {shown.map((item) => (
                <Checkbox key={item.id} value={String(item.id)} label={describe(item)} />
              ))}
              {shown.length === 0 && <Text size="sm">Nothing matches the search.</Text>}
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
