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
} from './csv-import';

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

  it('uses limit24 as the RapidRain threshold on 4-field lines and cuts longer lines to 5 fields', () => {
    const { rows, errors } = checkLocationRecords([
      LOCATION_HEADER,
      ['Four', '30', '-97', '1'],
      ['Six', '30', '-97', '1', '0.5', 'extra'],
      ['Empty fifth', '30', '-97', '2', ''],
    ]);
    expect(errors).toEqual([]);
    expect(rows.map((row) => [row.name, row.h24_threshold, row.rapidrain_threshold])).toEqual([
      ['Four', 1, 1],
      ['Six', 1, 0.5],
      ['Empty fifth', 2, 2],
    ]);
  });

  it('drops lines of fewer than 4 fields without a message', () => {
    expect(checkLocationRecords([LOCATION_HEADER, ['Short', '30', '-97'], ['Name only']])).toEqual({
      rows: [],
      errors: [],
    });
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

  it('accepts its own example file', () => {
    expect(checkLocationRecords(records(EXAMPLE_LOCATIONS_CSV))).toMatchObject({
      rows: [{ row: 3 }, { row: 4, rapidrain_threshold: 1 }],
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
      ['Short row', 'short@example.com'],
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
  it('prefixes row problems and names failed rows as the spec does', () => {
    expect(CSV_MESSAGES.row(3, 'Missing required field: name')).toBe('Row 3: Missing required field: name');
    expect(CSV_MESSAGES.parsing('Too few fields')).toBe('Parsing error: Too few fields');
    expect(CSV_MESSAGES.locationFailed('Yard', 'boom')).toBe('Failed to process row with name Yard: boom');
    expect(CSV_MESSAGES.contactFailed('a@b.co', 'boom')).toBe(
      'Failed to process row with email a@b.co: boom',
    );
  });

  it('accepts only .csv files', () => {
    expect(isCsvFileName('sites.CSV')).toBe(true);
    expect(isCsvFileName('sites.csv.txt')).toBe(false);
    expect(isCsvFileName('sites.xlsx')).toBe(false);
  });
});
