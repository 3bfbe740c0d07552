/** What every rainfall bar chart shares (spec part 1 §9): its scale, colours, bars and day bands. */

export const Y_AXIS_STEP = 0.25;
export const MAX_BAR_THICKNESS = 150;

export const BAR_COLORS = { blue: '#1c7ed6', green: '#2f9e44', orange: '#f76707', red: '#e03131' } as const;
export type BarColor = keyof typeof BAR_COLORS;
/** The dashed line of a chart's threshold (dark enough on white and on the day bands). */
export const THRESHOLD_LINE_COLOR = '#495057';

export function formatInches(amount: number): string {
  return amount.toFixed(2);
}

export interface ChartBar {
  label: string;
  amount: number;
  /** It counts quarter hours whose hourly field has not arrived (issue 26). */
  provisional: boolean;
}

export interface DayBand {
  /** Index of the first and last bar of the day. */
  first: number;
  last: number;
  color: string;
}

/** The y axis reaches past the threshold, so its line is always drawn inside the chart. */
export function suggestedMax(threshold: number): number {
  return Math.max(Y_AXIS_STEP, threshold * 1.15);
}
