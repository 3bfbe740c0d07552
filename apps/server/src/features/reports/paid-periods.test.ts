import { describe, expect, it } from 'vitest';
import { isPaidFor, type Period } from './paid-periods';

const january: Period = { from: '2023-01-01', to: '2023-01-31', locationIds: [1, 2] };
const february: Period = { from: '2023-02-01', to: '2023-02-28', locationIds: [1] };

describe('a historical period already paid for', () => {
  it('is the same locations and days again, or fewer of them', () => {
    expect(isPaidFor([january], january)).toBe(true);
    expect(isPaidFor([january], { from: '2023-01-10', to: '2023-01-12', locationIds: [2] })).toBe(true);
  });

  it('may be paid for in several reports that together hold every day of each location', () => {
    expect(isPaidFor([february, january], { from: '2023-01-15', to: '2023-02-10', locationIds: [1] })).toBe(
      true,
    );
  });

  it('is not one that adds a day, a location or leaves a gap between the paid days', () => {
    expect(isPaidFor([january], { from: '2023-01-01', to: '2023-02-01', locationIds: [1] })).toBe(false);
    expect(isPaidFor([january], { from: '2023-01-01', to: '2023-01-31', locationIds: [1, 3] })).toBe(false);
    expect(isPaidFor([february, january], { from: '2023-01-15', to: '2023-02-10', locationIds: [2] })).toBe(
      false,
    );
    const march: Period = { from: '2023-03-01', to: '2023-03-31', locationIds: [1] };
    expect(isPaidFor([january, march], { from: '2023-01-01', to: '2023-03-31', locationIds: [1] })).toBe(
      false,
    );
  });

  it('is nothing when nothing was paid', () => {
    expect(isPaidFor([], january)).toBe(false);
  });
});
