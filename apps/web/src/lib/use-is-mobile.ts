import { useMediaQuery } from '@mantine/hooks';

/** Under 600 px wide (spec part 1 §9 mobile breakpoint). */
export const MOBILE_QUERY = '(max-width: 599.98px)';

export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
}
