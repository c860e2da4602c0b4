import worldCountries from 'world-countries';

// The two UN General Assembly observer states, listed beside the member states.
const UN_OBSERVER_STATES: ReadonlySet<string> = new Set(['PS', 'VA']);

const memberAndObserverNames = (): readonly string[] =>
  worldCountries
    .filter((country) => country.unMember || UN_OBSERVER_STATES.has(country.cca2))
    .map((country) => country.name.common);

// UN member states plus the observer states, by their English common name in `world-countries`. Marked pure
// so that bundles which never read the list leave the whole country data set out.
export const COUNTRIES: readonly string[] = /* @__PURE__ */ memberAndObserverNames();
