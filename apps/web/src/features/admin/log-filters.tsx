import { TextInput } from '@mantine/core';
import { useState } from 'react';

/** The page of a log shown, and how to show another. */
export interface LogPaging {
  page: number;
  onPage: (page: number) => void;
}

/** A log's filters and the page shown: narrowing the filters starts again from the first page. */
export function useLogFilters<Filters extends object>() {
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [page, setPage] = useState(1);
  const narrow = (changes: Partial<Filters>) => {
    setFilters({ ...filters, ...changes });
    setPage(1);
  };
  const paging: LogPaging = { page, onPage: setPage };
  return { filters, narrow, paging };
}

interface DateRange {
  start_date?: string;
  end_date?: string;
}

/** A log's From and To filters; an emptied one no longer narrows the log. */
export function DateRangeFields({
  range,
  onChange,
}: {
  range: DateRange;
  onChange: (changes: DateRange) => void;
}) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={range.start_date ?? ''}
        onChange={(event) => onChange({ start_date: event.currentTarget.value || undefined })}
      />
      <TextInput
        type="date"
        label="To"
        value={range.end_date ?? ''}
        onChange={(event) => onChange({ end_date: event.currentTarget.value || undefined })}
      />
    </>
  );
}
