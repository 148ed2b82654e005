/**
 * Nationalities, for the fields that store one as an ISO 3166-1 alpha-2 code (the founder's, the
 * managers'). A deed names a nationality by its adjective ("de nationalité française", "cetățenie
 * română", "French nationality"), not by the country. The adjectives are words a user reads, so they
 * live in locales/<lang>/nationalities.json, one entry per state: `feminine` agrees with
 * "nationalité" and "cetățenie" (what documents and lists print), `masculine` is the form a founder
 * may also type ("français", "român"); English has one form, written twice.
 *
 * The codes a country list offers include territories without a nationality of their own: their
 * people hold the nationality of the state they belong to, which NATIONALITY_STATE names. Two codes
 * have no nationality at all (WITHOUT_NATIONALITY): there the country's name is written instead.
 * Run by the browser (the nationality field) and the server (the documents' `nationality` filter).
 */

export type NationalityForm = 'feminine' | 'masculine';

/** The words of one language's locales/<lang>/nationalities.json: the adjectives by state code. */
export type NationalityWords = Readonly<
  Record<string, Readonly<Record<NationalityForm, string>> | undefined>
>;

/**
 * Territories (dependencies, overseas collectivities, special administrative regions) and the state
 * whose nationality their people hold: a person born in Guyane or in Polynésie française is French,
 * one from the British Virgin Islands or Jersey is British, one from Puerto Rico or Guam American,
 * one from Curaçao Dutch, from Greenland Danish, from the Cook Islands a New Zealand citizen, from Hong
 * Kong or Macao Chinese. The uninhabited ones (BV, HM, GS, TF, UM, IO) follow the state that holds them.
 */
export const NATIONALITY_STATE: Readonly<Record<string, string>> = {
  // France: overseas departments and collectivities, New Caledonia, the Southern Lands.
  BL: 'FR',
  GF: 'FR',
  GP: 'FR',
  MF: 'FR',
  MQ: 'FR',
  NC: 'FR',
  PF: 'FR',
  PM: 'FR',
  RE: 'FR',
  TF: 'FR',
  WF: 'FR',
  YT: 'FR',
  // United States: territories and minor outlying islands.
  AS: 'US',
  GU: 'US',
  MP: 'US',
  PR: 'US',
  UM: 'US',
  VI: 'US',
  // United Kingdom: overseas territories and Crown dependencies.
  AI: 'GB',
  BM: 'GB',
  FK: 'GB',
  GG: 'GB',
  GI: 'GB',
  GS: 'GB',
  IM: 'GB',
  IO: 'GB',
  JE: 'GB',
  KY: 'GB',
  MS: 'GB',
  PN: 'GB',
  SH: 'GB',
  TC: 'GB',
  VG: 'GB',
  // Kingdom of the Netherlands.
  AW: 'NL',
  BQ: 'NL',
  CW: 'NL',
  SX: 'NL',
  // Denmark, Finland, Norway.
  FO: 'DK',
  GL: 'DK',
  AX: 'FI',
  BV: 'NO',
  SJ: 'NO',
  // Australia's external territories; New Zealand's realm.
  CC: 'AU',
  CX: 'AU',
  HM: 'AU',
  NF: 'AU',
  CK: 'NZ',
  NU: 'NZ',
  TK: 'NZ',
  // China's special administrative regions.
  HK: 'CN',
  MO: 'CN',
};

/**
 * Codes whose people no state's nationality fits: Antarctica (no population of its own) and Western
 * Sahara (a territory whose status is disputed, without a nationality France or Romania recognise).
 * The country's name is written where the adjective would be.
 */
export const WITHOUT_NATIONALITY: readonly string[] = ['AQ', 'EH'];

/** The state whose nationality a code stands for: itself for a state, the holding state for a territory. */
export function nationalityState(code: string): string {
  return NATIONALITY_STATE[code] ?? code;
}

/**
 * The nationality adjective for a stored code in the language of `words` ("française" for FR and for
 * GF), or undefined where there is none (AQ, EH, a code the table does not know).
 */
export function nationalityAdjective(
  words: NationalityWords,
  code: string,
  form: NationalityForm = 'feminine',
): string | undefined {
  if (WITHOUT_NATIONALITY.includes(code)) return undefined;
  return words[nationalityState(code)]?.[form];
}
