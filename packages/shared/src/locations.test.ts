import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CATEGORY_MAX_LENGTH,
  categoriesOf,
  DEFAULT_THRESHOLD,
  effectiveRapidrainThreshold,
  isThreshold,
  LOCATION_BULK_DELETE,
  LOCATION_MESSAGES,
  LOCATIONS_PER_BULK_DELETE,
  locationBulkDeleteSchema,
  locationCreateSchema,
  locationPatchSchema,
  normalizeLongitude,
  roundCoordinate,
  THRESHOLDS,
} from './locations';

const valid = { name: 'Yard', latitude: 30.2, longitude: -97.7, h24_threshold: 0.5 };

/** The messages a payload fails with, in field order. */
function messages(schema: z.ZodType, payload: unknown): string[] {
  const result = schema.safeParse(payload);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('thresholds', () => {
  it('offers the list of the spec with 0.5 as the default', () => {
    expect(THRESHOLDS).toEqual([0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4]);
    expect(DEFAULT_THRESHOLD).toBe(0.5);
    expect(isThreshold(1.5)).toBe(true);
    expect(isThreshold(0.3)).toBe(false);
  });

  it('lets RapidRain fall back to the 24-hour threshold when it has none', () => {
    expect(effectiveRapidrainThreshold({ h24_threshold: 1, rapidrain_threshold: null })).toBe(1);
    expect(effectiveRapidrainThreshold({ h24_threshold: 1, rapidrain_threshold: 0.25 })).toBe(0.25);
  });
});

describe('longitude', () => {
  it('takes a positive longitude as a missing minus sign', () => {
    expect(normalizeLongitude(97.7)).toBe(-97.7);
    expect(normalizeLongitude(-97.7)).toBe(-97.7);
  });
});

describe('coordinates picked on a map', () => {
  it('keep five decimals', () => {
    expect(roundCoordinate(29.760427123)).toBe(29.76043);
    expect(roundCoordinate(-95.3698049)).toBe(-95.3698);
    expect(roundCoordinate(30)).toBe(30);
  });
});

describe('location form', () => {
  it('accepts a valid location, negating a positive longitude and reading numbers from text', () => {
    const parsed = locationCreateSchema.parse({
      ...valid,
      latitude: '30.2',
      longitude: '97.7',
      h24_threshold: '1',
    });
    expect(parsed).toMatchObject({ name: 'Yard', latitude: 30.2, longitude: -97.7, h24_threshold: 1 });
  });

  it('leaves an empty RapidRain threshold out, so it defaults to the 24-hour one', () => {
    const parsed = locationCreateSchema.parse({ ...valid, rapidrain_threshold: '' });
    expect(parsed.rapidrain_threshold).toBeUndefined();
    expect(locationCreateSchema.parse({ ...valid, rapidrain_threshold: 0.25 }).rapidrain_threshold).toBe(
      0.25,
    );
  });

  it.each([
    [{ name: '  ' }, LOCATION_MESSAGES.nameRequired],
    [{ name: undefined }, LOCATION_MESSAGES.nameRequired],
    [{ latitude: '' }, LOCATION_MESSAGES.latitudeRequired],
    [{ latitude: undefined }, LOCATION_MESSAGES.latitudeRequired],
    [{ latitude: 23.9 }, LOCATION_MESSAGES.latitudeRange],
    [{ latitude: 49.1 }, LOCATION_MESSAGES.latitudeRange],
    [{ longitude: '' }, LOCATION_MESSAGES.longitudeRequired],
    [{ longitude: -122.5 }, LOCATION_MESSAGES.longitudeRange],
    [{ longitude: 65 }, LOCATION_MESSAGES.longitudeRange],
    [{ h24_threshold: 0.3 }, LOCATION_MESSAGES.h24Threshold],
    [{ rapidrain_threshold: 5 }, LOCATION_MESSAGES.rapidrainThreshold],
  ])('refuses %o with the message of the form', (change, message) => {
    expect(messages(locationCreateSchema, { ...valid, ...change })).toEqual([message]);
  });

  it('keeps the spec texts', () => {
    expect(LOCATION_MESSAGES).toMatchObject({
      nameRequired: 'Location name is required',
      latitudeRange: 'Latitude must be between 24 and 49 degrees',
      longitudeRange: 'Longitude must be between -122 and -66 degrees',
      wizardLongitudeRange: 'Longitude must be between -124 and -66 degrees',
      h24Threshold: '24 hour Threshold must be one of the list',
      rapidrainThreshold: 'Rapidrain Threshold must be one of the list',
    });
  });

  it('accepts any subset of the fields when editing, still negating the longitude', () => {
    expect(locationPatchSchema.parse({})).toEqual({});
    expect(locationPatchSchema.parse({ name: 'Renamed', longitude: 97.7 })).toMatchObject({
      name: 'Renamed',
      longitude: -97.7,
    });
    expect(messages(locationPatchSchema, { h24_threshold: 0.3 })).toEqual([LOCATION_MESSAGES.h24Threshold]);
  });
});

describe('category', () => {
  it('is kept trimmed, and blank or null is none', () => {
    expect(locationCreateSchema.parse({ ...valid, category: '  Yards ' }).category).toBe('Yards');
    expect(locationCreateSchema.parse({ ...valid, category: '   ' }).category).toBeNull();
    expect(locationPatchSchema.parse({ category: null })).toEqual({ category: null });
    expect(locationPatchSchema.parse({})).not.toHaveProperty('category');
  });

  it('suggests the categories in use once each, alphabetically', () => {
    const rows = ['Yards', null, 'farms', 'Yards', 'YARDS', 'Docks'].map((category) => ({ category }));
    expect(categoriesOf(rows)).toEqual(['Docks', 'farms', 'Yards']);
  });

  it(`takes at most ${CATEGORY_MAX_LENGTH} characters and says so`, () => {
    const longest = 'c'.repeat(CATEGORY_MAX_LENGTH);
    expect(locationCreateSchema.parse({ ...valid, category: ` ${longest} ` }).category).toBe(longest);
    expect(messages(locationCreateSchema, { ...valid, category: `${longest}c` })).toEqual([
      'Category must be at most 60 characters',
    ]);
    expect(messages(locationPatchSchema, { category: 'a\u0000b' })).toEqual([
      'Text must not contain control characters',
    ]);
  });
});

describe('bulk delete', () => {
  it('takes at most LOCATIONS_PER_BULK_DELETE ids and says so plainly', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, i) => i + 1);
    expect(locationBulkDeleteSchema.safeParse({ ids: ids(LOCATIONS_PER_BULK_DELETE) }).success).toBe(true);
    const over = locationBulkDeleteSchema.safeParse({ ids: ids(LOCATIONS_PER_BULK_DELETE + 1) });
    expect(over.error?.issues[0]?.message).toBe(
      'At most 5,000 locations can be deleted at once. Select fewer and delete them in turns.',
    );
  });

  it('counts locations in words and says what goes with them', () => {
    expect(LOCATION_BULK_DELETE.confirmation(1)).toEqual({
      title: 'Delete 1 location?',
      question: 'Are you sure you want to delete this location?',
      consequence:
        'Their rainfall history, alerts and assignments are deleted with them. This cannot be undone.',
      confirmLabel: 'Delete 1 location',
      danger: true,
    });
    expect(LOCATION_BULK_DELETE.confirmation(5000).question).toBe(
      'Are you sure you want to delete these 5,000 locations?',
    );
    expect(LOCATION_BULK_DELETE.deleted(5000)).toBe('5,000 locations deleted.');
  });
});
