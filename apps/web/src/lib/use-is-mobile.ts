import { useMediaQuery } from '@mantine/hooks';

/** Under 600 px wide (spec part 1 §9 mobile breakpoint). */
export const MOBILE_QUERY = '(max-width: 599.98px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}

/**
 * Under 800 px wide: the settings screens' second narrow breakpoint (spec part 1 §9, part 2 §9),
 * where their tables keep the columns that fit and a row opens its form.
 */
export const SETTINGS_NARROW_QUERY = '(max-width: 799.98px)';

export function useIsSettingsNarrow(): boolean {
  return useMediaQuery(SETTINGS_NARROW_QUERY, false, { getInitialValueInEffect: false });
}
