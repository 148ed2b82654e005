import { nationalityAdjective, nationalityState, type NationalityWords } from '@/shared/nationalities';
import { foldForSearch } from '@/lib/typeahead';
import { COUNTRY_CODES, countryOptions } from './countries';

/** One choice of the nationality field: the stored code, what the list shows, what finds it. */
export interface NationalityOption {
  value: string;
  /** "française (France)", "française (Guyane française)"; the country alone where no nationality fits. */
  label: string;
  /** True for a state, false for a territory holding another state's nationality. */
  state: boolean;
  /** What a search compares, folded (foldForSearch): the adjective in both genders, the country's name. */
  search: { adjectives: string[]; country: string };
}

/**
 * The nationalities of `codes` (by default every country code) in the language of `words`, sorted as
 * that language sorts their labels: each state's nationality first in its country's name, then its
 * territories', so "française (France)" leads the French ones.
 */
export function nationalityOptions(
  language: string,
  words: NationalityWords,
  codes: readonly string[] = COUNTRY_CODES,
): NationalityOption[] {
  const collator = new Intl.Collator(language);
  return countryOptions(language, codes)
    .map(({ value, label: country }) => {
      const feminine = nationalityAdjective(words, value, 'feminine');
      const masculine = nationalityAdjective(words, value, 'masculine');
      const state = nationalityState(value) === value;
      return {
        value,
        label: feminine ? `${feminine} (${country})` : country,
        state,
        search: {
          adjectives: [feminine, masculine]
            .filter((term): term is string => term !== undefined)
            .map(foldForSearch),
          country: foldForSearch(country),
        },
        adjective: feminine ?? country,
      };
    })
    .sort(
      (a, b) =>
        collator.compare(a.adjective, b.adjective) ||
        Number(b.state) - Number(a.state) ||
        collator.compare(a.label, b.label),
    )
    .map(({ adjective: _adjective, ...option }) => option);
}

/**
 * How well an option answers what was typed, lower first; undefined when it does not. A state whose
 * nationality starts with the text comes before a country whose name does, and both before the
 * territories that share the nationality: "française" picks France before Guyane française,
 * "British" the United Kingdom before the British Virgin Islands.
 */
function rank(option: NationalityOption, query: string): number | undefined {
  const { adjectives, country } = option.search;
  const code = option.value.toLowerCase();
  if (query === code && option.state) return 0;
  const adjectiveStarts = adjectives.some((adjective) => adjective.startsWith(query));
  if (adjectiveStarts && option.state) return 1;
  if (country.startsWith(query)) return 2;
  if (adjectiveStarts) return 3;
  const terms = [...adjectives, country, code];
  // A later word: "macedonian" in "north macedonian", "française" in "guyane française".
  if (terms.some((term) => term.split(/[\s'’()-]+/).some((word) => word.startsWith(query)))) return 4;
  if (terms.some((term) => term.includes(query))) return 5;
  return undefined;
}

/**
 * The options that answer `search`, best first (see rank), each group in the list's own order. An
 * empty search keeps every option.
 */
export function searchNationalities<T extends NationalityOption>(options: readonly T[], search: string): T[] {
  const query = foldForSearch(search.trim());
  if (query === '') return [...options];
  return options
    .map((option, index) => ({ option, index, rank: rank(option, query) }))
    .filter((entry): entry is { option: T; index: number; rank: number } => entry.rank !== undefined)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.option);
}
