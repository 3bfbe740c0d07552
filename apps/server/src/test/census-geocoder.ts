/** Answers in the shape of the US Census Bureau's geocoder (`locations/onelineaddress`, format=json). */

/** One address match as the Census geocoder writes it. */
export function censusMatch(matchedAddress: string, x: number, y: number) {
  const [number, street, city, state, zip] = matchedAddress.split(/,? /);
  return {
    tigerLine: { side: 'L', tigerLineId: '76355984' },
    coordinates: { x, y },
    addressComponents: {
      zip,
      streetName: street,
      preType: '',
      city,
      preDirection: '',
      suffixDirection: '',
      fromAddress: number,
      state,
      suffixType: 'RD',
      toAddress: number,
      suffixQualifier: '',
      preQualifier: '',
    },
    matchedAddress,
  };
}

/** The whole answer for an address: what was asked, against which benchmark, and its matches. */
export function censusAnswer(address: string, matches: object[]) {
  return {
    result: {
      input: {
        address: { address },
        benchmark: {
          isDefault: true,
          benchmarkDescription: 'Public Address Ranges - Current Benchmark',
          id: '4',
          benchmarkName: 'Public_AR_Current',
        },
      },
      addressMatches: matches,
    },
  };
}
