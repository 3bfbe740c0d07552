import { describe, expect, it } from 'vitest';
import { AMOUNT_CLASSES, type AmountAt, amountClassOf, renderNationalForecast } from './forecast-map';
import type { Point } from './sources';

const timeZone = 'America/New_York';
const issuedAt = new Date('2026-11-21T12:00:00Z');

function render(amountAt: AmountAt, day: 1 | 2 | 3 = 1, at = issuedAt): string {
  return renderNationalForecast(day, at, amountAt, { timeZone }).body.toString('utf8');
}

const dry: AmountAt = () => 0;
/** Two inches over central Texas, nothing anywhere else. */
const texasDownpour: AmountAt = ({ latitude, longitude }) =>
  latitude > 28 && latitude < 34 && longitude > -103 && longitude < -97 ? 2 : 0;
/** Storms and fronts across the country: every class shows somewhere. */
const busyDay: AmountAt = ({ latitude, longitude }) => {
  const storm = (lat: number, lon: number, peak: number, radius: number) =>
    peak * Math.exp(-(((latitude - lat) / radius) ** 2 + ((longitude - lon) / radius) ** 2));
  const fronts = 0.4 * Math.sin(latitude * 0.9) * Math.cos(longitude * 0.6);
  return (
    storm(30, -95, 7, 2) + storm(46, -122, 2.5, 3) + storm(35, -80, 1.8, 4) + storm(42, -90, 1, 5) + fronts
  );
};

/** Well-formed XML, checked by hand: quoted attributes, tags that nest and close, escaped text. */
function expectWellFormedXml(xml: string): void {
  const open: string[] = [];
  for (const [, closing, name, attributes, selfClosing] of xml.matchAll(/<(\/?)([\w:-]+)([^>]*?)(\/?)>/g)) {
    expect(attributes).toMatch(/^(\s+[\w:-]+="[^"<]*")*\s*$/);
    if (closing) expect(open.pop()).toBe(name);
    else if (!selfClosing) open.push(name as string);
  }
  expect(open).toEqual([]);
  expect(xml.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
}

/** The shaded cells: each class path's fill and the corners of its quadrilaterals, in pixels. */
function shading(svg: string): { fill: string; corners: [number, number][] }[] {
  const group = svg.match(/<g id="forecast-amounts"[^>]*>(.*?)<\/g>/s)?.[1] ?? '';
  return [...group.matchAll(/<path d="([^"]*)" fill="([^"]*)"/g)].map(([, d, fill]) => ({
    fill: fill as string,
    corners: cornersOf(d as string),
  }));
}

function cornersOf(d: string): [number, number][] {
  const corners: [number, number][] = [];
  for (const [, start, moves] of d.matchAll(/M([^l]*)l([^z]*)z/g)) {
    const [x, y] = numbersIn(start as string);
    let corner: [number, number] = [x as number, y as number];
    corners.push(corner);
    const steps = numbersIn(moves as string);
    for (let index = 0; index < steps.length; index += 2) {
      corner = [corner[0] + (steps[index] as number), corner[1] + (steps[index + 1] as number)];
      corners.push(corner);
    }
  }
  return corners;
}

const numbersIn = (text: string) => (text.match(/-?(\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
const colourOf = (label: string) => AMOUNT_CLASSES.find((amountClass) => amountClass.label === label)?.colour;

describe('renderNationalForecast', () => {
  it('answers an SVG document that parses as XML', () => {
    const image = renderNationalForecast(1, issuedAt, busyDay, { timeZone });
    expect(image.contentType).toBe('image/svg+xml; charset=utf-8');
    const svg = image.body.toString('utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*viewBox="0 0 960 660"/);
    expectWellFormedXml(svg);
  });

  it('draws the state borders and the outline of the lower 48 states', () => {
    const svg = render(dry);
    const borders = svg.match(/<path d="([^"]*)" fill="none" stroke="#5f5f5f"/)?.[1] ?? '';
    expect(borders.match(/M/g)?.length).toBeGreaterThan(48);
    const outline = svg.match(/<path id="nation" d="([^"]*)"/)?.[1] ?? '';
    const xs = numbersIn(outline).filter((_, index) => index % 2 === 0);
    // Washington to Maine spans most of the 960 px width; no Alaska or Hawaii inset.
    expect(Math.min(...xs)).toBeLessThan(120);
    expect(Math.max(...xs)).toBeGreaterThan(840);
    expect(svg).toContain('<g id="forecast-amounts" clip-path="url(#nation-clip)">');
  });

  it('shows a legend of every class from 0.01 to 5+ inches', () => {
    const legend = render(dry).match(/<g id="legend">(.*?)<\/g>/s)?.[1] ?? '';
    expect(legend).toContain('>Inches</text>');
    for (const { label, colour } of AMOUNT_CLASSES) {
      expect(legend).toContain(`>${label}</text>`);
      expect(legend).toContain(`fill="${colour}"`);
    }
    expect(AMOUNT_CLASSES.map(({ label }) => label)).toEqual([
      '0.01',
      '0.10',
      '0.25',
      '0.50',
      '1.00',
      '1.50',
      '2.00',
      '3.00',
      '5+',
    ]);
  });

  it('shades two inches over Texas in the 2-inch colour, softened at its edges, and nothing wetter', () => {
    const paths = shading(render(texasDownpour));
    const fills = paths.map(({ fill }) => fill);
    expect(fills).toContain(colourOf('2.00'));
    expect(fills).not.toContain(colourOf('3.00'));
    expect(fills).not.toContain(colourOf('5+'));
    // Central Texas sits in the lower middle of the map; nothing is drawn anywhere else.
    for (const [x, y] of paths.flatMap(({ corners }) => corners)) {
      expect(x).toBeGreaterThan(330);
      expect(x).toBeLessThan(530);
      expect(y).toBeGreaterThan(370);
      expect(y).toBeLessThan(540);
    }
  });

  it('asks for the forecast every half degree over the contiguous states only', () => {
    const asked: Point[] = [];
    render((point) => {
      asked.push(point);
      return 0;
    });
    expect(asked.length).toBeGreaterThan(3000);
    expect(asked.length).toBeLessThan(4500);
    const onHalfDegreeCentres = (degrees: number) => Math.abs(degrees * 4) % 2 === 1;
    expect(
      asked.every(
        ({ latitude, longitude }) => onHalfDegreeCentres(latitude) && onHalfDegreeCentres(longitude),
      ),
    ).toBe(true);
    expect(asked).toContainEqual({ latitude: 39.75, longitude: -100.25 });
    // Not the Gulf of Mexico, the open Atlantic or Manitoba.
    expect(asked).not.toContainEqual({ latitude: 25.25, longitude: -90.25 });
    expect(asked).not.toContainEqual({ latitude: 35.25, longitude: -70.25 });
    expect(asked).not.toContainEqual({ latitude: 49.75, longitude: -100.25 });
  });

  it('leaves a dry day unshaded', () => {
    expect(shading(render(dry))).toEqual([]);
    expect(render(dry)).toContain('No precipitation is forecast.');
  });

  it('puts each amount in the class whose bound it reaches', () => {
    expect(amountClassOf(0)).toBe(-1);
    expect(amountClassOf(0.009)).toBe(-1);
    expect(AMOUNT_CLASSES[amountClassOf(0.01)]?.label).toBe('0.01');
    expect(AMOUNT_CLASSES[amountClassOf(0.99)]?.label).toBe('0.50');
    expect(AMOUNT_CLASSES[amountClassOf(2)]?.label).toBe('2.00');
    expect(AMOUNT_CLASSES[amountClassOf(4.99)]?.label).toBe('3.00');
    expect(AMOUNT_CLASSES[amountClassOf(5)]?.label).toBe('5+');
    expect(AMOUNT_CLASSES[amountClassOf(14)]?.label).toBe('5+');
  });

  it('titles and describes the map for screen readers', () => {
    const svg = render(texasDownpour, 2);
    expect(svg).toContain('aria-labelledby="map-title map-desc"');
    expect(svg).toContain('<title id="map-title">Day 2 Precipitation Forecast</title>');
    expect(svg).toMatch(
      /<desc id="map-desc">Map of forecast precipitation over the contiguous United States for 2026-11-22, [^<]*The largest forecast amount is 2\.00 inches\.<\/desc>/,
    );
    expect(svg).toContain('>Day 2 Precipitation Forecast</text>');
  });

  describe.each([
    // 23:30 EST on the Saturday before clocks go forward on Sunday 8 March.
    { issued: '2026-03-08T04:30:00Z', valid: ['2026-03-07', '2026-03-08', '2026-03-09'] },
    // 00:30 EDT on Sunday 1 November, the day clocks go back: already the next day in New York.
    { issued: '2026-11-01T04:30:00Z', valid: ['2026-11-01', '2026-11-02', '2026-11-03'] },
    // 23:30 EST on Sunday 1 November, after the change: still the 1st, though 04:30 UTC the 2nd.
    { issued: '2026-11-02T04:30:00Z', valid: ['2026-11-01', '2026-11-02', '2026-11-03'] },
  ])('issued at $issued', ({ issued, valid }) => {
    it.each([1, 2, 3] as const)('day %i is valid on the right New York date and asks for it', (day) => {
      const asked = new Set<string>();
      const svg = render(
        (_point: Point, date: string) => {
          asked.add(date);
          return 0;
        },
        day,
        new Date(issued),
      );
      const date = valid[day - 1];
      expect(svg).toContain(`>Valid ${date}</text>`);
      expect(svg).toContain(`for ${date},`);
      expect([...asked]).toEqual([date]);
    });
  });

  it('gives the same bytes for the same inputs', () => {
    const first = renderNationalForecast(3, issuedAt, busyDay, { timeZone });
    const second = renderNationalForecast(3, issuedAt, busyDay, { timeZone });
    expect(second.body.equals(first.body)).toBe(true);
  });

  it('stays small enough to serve quickly on a wet day', () => {
    const svg = render(busyDay);
    expect(new Set(shading(svg).map(({ fill }) => fill)).size).toBe(AMOUNT_CLASSES.length);
    expect(Buffer.byteLength(svg)).toBeLessThan(300 * 1024);
  });
});
