import { TextInput } from '@mantine/core';
import {
  keepPreviousData,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  useQuery,
} from '@tanstack/react-query';
import { useState } from 'react';

/** The page of a log shown, and how to show another. */
export interface LogPaging {
  page: number;
  onPage: (page: number) => void;
}

/** A log's page as read, and the paging that chose it. */
export interface LogRead<Page> {
  query: UseQueryResult<Page>;
  paging: LogPaging;
}

/**
 * A log's filters and the page of it that `queryOf` reads: narrowing the filters starts again from
 * the first page, and the page shown stays while the next one loads.
 */
export function useLog<Filters extends object, Page, Key extends QueryKey>(
  queryOf: (filters: Partial<Filters>, page: number) => UseQueryOptions<Page, Error, Page, Key>,
) {
  const [filters, setFilters] = useState<Partial<Filters>>({});
  const [page, setPage] = useState(1);
  const narrow = (changes: Partial<Filters>) => {
    setFilters({ ...filters, ...changes });
    setPage(1);
  };
  const query = useQuery({ ...queryOf(filters, page), placeholderData: keepPreviousData });
  const log: LogRead<Page> = { query, paging: { page, onPage: setPage } };
  return { filters, narrow, log };
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
