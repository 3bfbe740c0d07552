import { Button, Input, Popover } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useId } from 'react';
import { type Checkable, ItemChecklist } from './item-checklist';

/**
 * A checklist folded into a button, for phone widths: the button says how many are chosen and
 * opens the list with its search and select-all boxes.
 */
export function DropdownChecklist<I extends Checkable>({
  label,
  items,
  describe,
  selected,
  onChange,
  empty,
  placeholder,
}: {
  label: string;
  items: readonly I[];
  describe: (item: I) => string;
  selected: string[];
  onChange: (ids: string[]) => void;
  empty: string;
  placeholder: string;
}) {
  const labelId = useId();
  const summary = selected.length === 0 ? placeholder : `${selected.length} selected`;
  return (
    <Input.Wrapper label={label} labelProps={{ id: labelId, component: 'div' }}>
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
          <ItemChecklist
            label={label}
            items={items}
            describe={describe}
            selected={selected}
            onChange={onChange}
            empty={empty}
          />
        </Popover.Dropdown>
      </Popover>
    </Input.Wrapper>
  );
}
