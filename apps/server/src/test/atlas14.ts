/** An Atlas 14 table (recurrence intervals 1-1,000 years, inches): the tests share its 1-hour row. */
export function atlas14Table(twentyFourHour: number[]) {
  return { '1h': [1, 1.2, 1.5, 1.8, 2.2, 2.5, 2.9, 3.2, 3.7, 4.1], '24h': twentyFourHour };
}
