/** The heading of the items in no category, always the last group. */
export const NO_CATEGORY = 'No category';

export interface PickerGroup<I> {
  /** Null: one list with no heading (no item has a category). */
  heading: string | null;
  items: I[];
}

/**
 * Items under their category's heading, categories in alphabetical order and 'No category'
 * last; a single group without a heading when no item has a category.
 */
export function groupByCategory<I>(
  items: readonly I[],
  categoryOf: ((item: I) => string | null) | undefined,
): PickerGroup<I>[] {
  if (!categoryOf || !items.some((item) => categoryOf(item))) return [{ heading: null, items: [...items] }];
  const groups = new Map<string, I[]>();
  const uncategorised: I[] = [];
  for (const item of items) {
    const category = categoryOf(item);
    const group = category ? groups.get(category) : uncategorised;
    if (group) group.push(item);
    else if (category) groups.set(category, [item]);
  }
  const headings = [...groups.keys()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
  const grouped = headings.map((heading) => ({ heading, items: groups.get(heading) ?? [] }));
  return uncategorised.length > 0 ? [...grouped, { heading: NO_CATEGORY, items: uncategorised }] : grouped;
}
