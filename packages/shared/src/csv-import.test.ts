import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from './contacts';
import {
  CSV_MESSAGES,
  checkContactRecords,
  checkContactRow,
  checkLocationRecords,
  checkLocationRow,
  EXAMPLE_CONTACTS_CSV,
  EXAMPLE_LOCATIONS_CSV,
  isCsvFileName,
  type LocationImportRow,
  parserProblem,
} from './csv-import';
import { STORM_MESSAGES } from './storm-events';

/** Records as a CSV parser hands them over, for files without quoted fields. */
const records = (text: string) => text.split('\n').map((line) => line.split(','));

const LOCATION_HEADER = ['name', 'lat', 'lng', 'limit24', 'rapidrain'];
const CONTACT_HEADER = ['name', 'email', 'phone'];

describe('location file', () => {
  it('skips the header and # lines, numbering rows from the header as row 1', () => {
    const checked = checkLocationRecords([
      LOCATION_HEADER,
      ['# a comment, with commas', 'x'],
      ['  # indented comment'],
      ['North Yard', '29.76', '-95.37', '0.5', '0.25'],
      [''],
    ]);
    expect(checked).toEqual({
      rows: [
        {
          row: 4,
          name: 'North Yard',
          latitude: 29.76,
          longitude: -95.37,
          h24_threshold: 0.5,
          rapidrain_threshold: 0.25,
        },
      ],
      errors: [],
    });
  });

  it('uses limit24 as the RapidRain threshold when the rapidrain field or column is left out', () => {
    const { rows, errors } = checkLocationRecords([
      LOCATION_HEADER,
      ['Four', '30', '-97', '1'],
      ['Empty fifth', '30', '-97', '2', ''],
    ]);
    expect(errors).toEqual([]);
    expect(rows.map((row) => [row.name, row.h24_threshold, row.rapidrain_threshold])).toEqual([
      ['Four', 1, 1],
      ['Empty fifth', 2, 2],
    ]);
    const noColumn = checkLocationRecords([
      ['name', 'lat', 'lng', 'limit24'],
      ['Yard', '30', '-97', '0.5'],
    ]);
    expect(noColumn.rows[0]?.rapidrain_threshold).toBe(0.5);
  });

  it('reads columns by their header names and synonyms, in any order and any case', () => {
    const { rows, errors } = checkLocationRecords([
      ['  Latitude ', 'LNG', 'Site', '24 Hour Threshold', 'RapidRain_Threshold'],
      ['30', '-97.5', 'North Yard', '1', '0.25'],
    ]);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      {
        row: 2,
        name: 'North Yard',
        latitude: 30,
        longitude: -97.5,
        h24_threshold: 1,
        rapidrain_threshold: 0.25,
      },
    ]);
    const reordered = checkLocationRecords([
      ['lat', 'lon', 'location', 'threshold'],
      ['29.5', '-95', 'Dock', '0.5'],
    ]);
    expect(reordered.rows[0]).toMatchObject({
      name: 'Dock',
      latitude: 29.5,
      longitude: -95,
      h24_threshold: 0.5,
    });
  });

  it('names every unknown, repeated or missing column of the header, on row 1', () => {
    expect(
      checkLocationRecords([
        ['site', 'lat', 'latitude', 'notes'],
        ['Yard', '30', '30', 'x'],
      ]),
    ).toEqual({
      rows: [],
      errors: [
        { row: 1, message: 'The columns "lat" and "latitude" both give lat; keep one of them.' },
        {
          row: 1,
          message:
            'Unknown column "notes". The columns are name, lat, lng, limit24, rapidrain (may be left out), storm_threshold (may be left out), inspection_rule (may be left out), routine_cadence_days (may be left out) and category (may be left out).',
        },
        { row: 1, message: 'Missing required column: lng (headed lng, lon, long or longitude)' },
        {
          row: 1,
          message:
            'Missing required column: limit24 (headed limit24, threshold, 24h threshold, 24 hour threshold, h24 threshold or 24h)',
        },
      ],
    });
  });

  it('asks for a header when the first line names no column', () => {
    const { errors } = checkLocationRecords([['Houston', '29.76', '-95.37', '0.5']]);
    expect(errors).toEqual([
      {
        row: 1,
        message:
          'The first line must name the columns: name, lat, lng, limit24, rapidrain (may be left out), storm_threshold (may be left out), inspection_rule (may be left out), routine_cadence_days (may be left out) and category (may be left out).',
      },
    ]);
  });

  it('reports short and long lines with their row, and keeps trailing empty fields', () => {
    const { rows, errors } = checkLocationRecords([
      LOCATION_HEADER,
      ['Short', '30', '-97'],
      ['Long, Texas', '30', '-97', '1', '0.5', 'extra'],
      ['Trailing commas', '30', '-97', '1', '0.5', '', ''],
    ]);
    expect(rows.map((row) => row.name)).toEqual(['Trailing commas']);
    expect(errors).toEqual([
      { row: 2, message: 'Too few fields: this row has 3, the header has 5 columns.' },
      {
        row: 3,
        message:
          'Too many fields: this row has 6, the header names 5 columns. A name with a comma needs double quotes around it.',
      },
    ]);
  });

  it('negates a positive longitude and trims the fields', () => {
    const [row] = checkLocationRecords([LOCATION_HEADER, [' East ', ' 30 ', ' 97.5 ', ' 0.5 ']]).rows;
    expect(row).toMatchObject({ name: 'East', latitude: 30, longitude: -97.5 });
  });

  it('accepts the wider latitude range of files (20 to 55)', () => {
    const { rows } = checkLocationRecords([
      LOCATION_HEADER,
      ['South', '20', '-97', '1'],
      ['North', '55', '-97', '1'],
    ]);
    expect(rows).toHaveLength(2);
  });

  it('reports each bad row with the spec message and keeps the good ones', () => {
    const { rows, errors } = checkLocationRecords([
      LOCATION_HEADER,
      ['', '30', '-97', '1'],
      ['No lat', '', '-97', '1'],
      ['Low', '19.9', '-97', '1'],
      ['West', '30', '-123', '1'],
      ['Odd limit', '30', '-97', '0.3'],
      ['Odd rapid', '30', '-97', '1', '7'],
      ['Good', '30', '-97', '1'],
    ]);
    expect(rows.map((row) => row.name)).toEqual(['Good']);
    expect(errors).toEqual([
      { row: 2, message: 'Missing required field: name' },
      { row: 3, message: 'Missing required field: lat' },
      { row: 4, message: 'Invalid latitude: 19.9. Latitude must be between 20 and 55 degrees.' },
      { row: 5, message: 'Invalid longitude: -123. Longitude must be between -122 and -66 degrees' },
      { row: 6, message: 'Invalid limit24: 0.3. Must be one of 0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4' },
      { row: 7, message: 'Invalid rapidrain: 7. Must be one of 0.01, 0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4' },
    ]);
  });

  it('names the original value of a positive longitude out of range', () => {
    const { errors } = checkLocationRecords([LOCATION_HEADER, ['East', '30', '60', '1']]);
    expect(errors).toEqual([
      { row: 2, message: 'Invalid longitude: 60. Longitude must be between -122 and -66 degrees' },
    ]);
  });

  it('checks a row sent to the server with the same rules', () => {
    const row = {
      row: 2,
      name: 'Yard',
      latitude: 30,
      longitude: -97,
      h24_threshold: 1,
      rapidrain_threshold: 1,
    };
    expect(checkLocationRow(row)).toBeNull();
    expect(checkLocationRow({ ...row, latitude: 60 })).toBe(CSV_MESSAGES.latitude('60'));
  });

  it('reads the optional storm columns: a blank cell is left out for the default, a bad one is a row error', () => {
    const { rows, errors } = checkLocationRecords([
      ['name', 'lat', 'lng', 'limit24', 'Storm Threshold', 'inspection rule', 'routine_cadence_days'],
      ['Given', '30', '-97', '0.5', '0.75', 'Next_Business_Day', '14'],
      ['Blank', '30.1', '-97', '0.5', '', '', ''],
      ['None', '30.2', '-97', '0.5', '1', 'within_24h', 'none'],
      ['Threshold', '30.3', '-97', '0.5', '0.333', '', ''],
      ['Rule', '30.4', '-97', '0.5', '', 'weekly', ''],
      ['Cadence', '30.5', '-97', '0.5', '', '', '10'],
    ]);
    expect(
      rows.map(({ name, storm_threshold, inspection_rule, routine_cadence_days }) => ({
        name,
        storm_threshold,
        inspection_rule,
        routine_cadence_days,
      })),
    ).toEqual([
      {
        name: 'Given',
        storm_threshold: 0.75,
        inspection_rule: 'next_business_day',
        routine_cadence_days: 14,
      },
      {
        name: 'Blank',
        storm_threshold: undefined,
        inspection_rule: undefined,
        routine_cadence_days: undefined,
      },
      { name: 'None', storm_threshold: 1, inspection_rule: 'within_24h', routine_cadence_days: null },
    ]);
    expect(rows[1]).not.toHaveProperty('storm_threshold');
    expect(errors).toEqual([
      { row: 5, message: CSV_MESSAGES.storm('storm_threshold', '0.333', STORM_MESSAGES.threshold) },
      { row: 6, message: CSV_MESSAGES.storm('inspection_rule', 'weekly', STORM_MESSAGES.inspectionRule) },
      { row: 7, message: CSV_MESSAGES.storm('routine_cadence_days', '10', STORM_MESSAGES.routineCadence) },
    ]);
    const [given, , none] = rows;
    for (const row of [given, none]) if (row) expect(checkLocationRow(row)).toBeNull();
  });

  it('reads the optional category column: trimmed, blank for none, too long a row error; files without it still work', () => {
    const { rows, errors } = checkLocationRecords([
      ['name', 'lat', 'lng', 'limit24', 'Category'],
      ['Grouped', '30', '-97', '0.5', '  Warehouses '],
      ['Blank', '30.1', '-97', '0.5', ''],
      ['Long', '30.2', '-97', '0.5', 'x'.repeat(61)],
    ]);
    expect(rows.map(({ name, category }) => ({ name, category }))).toEqual([
      { name: 'Grouped', category: 'Warehouses' },
      { name: 'Blank', category: undefined },
    ]);
    expect(rows[1]).not.toHaveProperty('category');
    expect(errors).toEqual([
      {
        row: 4,
        message: `Invalid category: ${'x'.repeat(61)}. Category must be at most 60 characters`,
      },
    ]);
    const grouped = rows[0] as LocationImportRow;
    expect(checkLocationRow(grouped)).toBeNull();
    expect(checkLocationRow({ ...grouped, category: 'x'.repeat(61) })).toMatch(/^Invalid category/);
    expect(checkLocationRecords([LOCATION_HEADER, ['Old file', '30', '-97', '1']]).errors).toEqual([]);
  });

  it('accepts its own example file', () => {
    expect(checkLocationRecords(records(EXAMPLE_LOCATIONS_CSV))).toMatchObject({
      rows: [
        {
          row: 3,
          storm_threshold: 0.5,
          inspection_rule: 'next_business_day',
          routine_cadence_days: 7,
          category: 'Warehouses',
        },
        { row: 4, rapidrain_threshold: 1 },
      ],
      errors: [],
    });
  });
});

describe('contact file', () => {
  it('omits none values, turns periods in phones into hyphens and sets the status', () => {
    const { rows, errors } = checkContactRecords([
      CONTACT_HEADER,
      ['# comment'],
      ['Jordan Lee', 'Jordan.Lee@Example.com', 'none'],
      ['Site Office', 'NONE', '713.555.0199'],
      ['Both', 'both@example.com', '1-512-555-0100'],
    ]);
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { row: 3, name: 'Jordan Lee', email: 'jordan.lee@example.com', status: 'active' },
      { row: 4, name: 'Site Office', phone: '713-555-0199', status: 'active' },
      { row: 5, name: 'Both', email: 'both@example.com', phone: '1-512-555-0100', status: 'active' },
    ]);
  });

  it('reports missing fields, bad addresses and phones without 10 or 11 digits', () => {
    const { errors } = checkContactRecords([
      CONTACT_HEADER,
      ['No email', '', '512-555-0100'],
      ['Short row', 'short@example.com', ''],
      ['Bad email', 'lee@example', 'none'],
      ['Nine digits', 'none', '512.555.010'],
      ['Twelve digits', 'none', '512-555-0100-12'],
      ['Nobody', 'none', 'none'],
    ]);
    expect(errors).toEqual([
      { row: 2, message: 'Missing required field: email' },
      { row: 3, message: 'Missing required field: phone' },
      { row: 4, message: 'A valid address is required in order to create a contact login: lee@example' },
      { row: 5, message: 'Invalid phone number: 512.555.010' },
      { row: 6, message: 'Invalid phone number: 512-555-0100-12' },
      { row: 7, message: CONTACT_MESSAGES.emailInvalid },
    ]);
  });

  it('reads the columns by header, with common synonyms, in any order', () => {
    const { rows, errors } = checkContactRecords([
      ['Phone Number', 'Full Name', 'E-mail'],
      ['512.555.0100', 'Jordan Lee', 'jordan@example.com'],
      ['none', 'Pat', 'pat@example.com', 'extra'],
    ]);
    expect(rows).toEqual([
      { row: 2, name: 'Jordan Lee', email: 'jordan@example.com', phone: '512-555-0100', status: 'active' },
    ]);
    expect(errors).toEqual([{ row: 3, message: expect.stringMatching(/^Too many fields: this row has 4/) }]);
  });

  it('checks a row sent to the server with the same rules', () => {
    expect(checkContactRow({ row: 2, name: 'Office', phone: '713.555.0199' })).toEqual({
      row: 2,
      name: 'Office',
      phone: '713-555-0199',
      status: 'active',
    });
    expect(checkContactRow({ row: 2, name: 'Office', email: 'nope' })).toBe(CSV_MESSAGES.email('nope'));
  });

  it('accepts its own example file', () => {
    expect(checkContactRecords(records(EXAMPLE_CONTACTS_CSV)).errors).toEqual([]);
  });
});

describe('import messages and files', () => {
  it('prefixes row and parser problems as the spec does', () => {
    expect(CSV_MESSAGES.row(3, 'Missing required field: name')).toBe('Row 3: Missing required field: name');
    expect(CSV_MESSAGES.parsing('Too few fields')).toBe('Parsing error: Too few fields');
  });

  it("puts the parser's problems in plain words and says nothing of a delimiter it had to guess", () => {
    expect(parserProblem('MissingQuotes')).toBe(
      'Parsing error: A double quote (") opens a field that is never closed.',
    );
    expect(parserProblem('UndetectableDelimiter')).toBeNull();
    expect(parserProblem('Other')).toBe('Parsing error: The file could not be read as CSV.');
  });

  it('accepts only .csv files', () => {
    expect(isCsvFileName('sites.CSV')).toBe(true);
    expect(isCsvFileName('sites.csv.txt')).toBe(false);
    expect(isCsvFileName('sites.xlsx')).toBe(false);
  });
});
