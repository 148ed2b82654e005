/**
 * Who runs the site: the identity the legal notice, the terms and the privacy policy name, and the
 * addresses founders write to. The server reads it from its environment (one variable per field) and
 * serves it to the pages (GET /api/site/info); the content pages use the fields as {{variables}}.
 * A field left unset takes an example value, and the pages say so: a real operator must set them all.
 */

/** Each field and the environment variable that sets it. */
export const SITE_INFO_VARIABLES = {
  publisherName: 'PUBLISHER_NAME',
  publisherLegalForm: 'PUBLISHER_LEGAL_FORM',
  publisherCapital: 'PUBLISHER_CAPITAL',
  publisherAddress: 'PUBLISHER_ADDRESS',
  publisherRegistration: 'PUBLISHER_REGISTRATION',
  publisherVat: 'PUBLISHER_VAT',
  publicationDirector: 'PUBLICATION_DIRECTOR',
  publisherEmail: 'PUBLISHER_EMAIL',
  publisherPhone: 'PUBLISHER_PHONE',
  hostName: 'HOSTING_NAME',
  hostAddress: 'HOSTING_ADDRESS',
  hostPhone: 'HOSTING_PHONE',
  supportEmail: 'SUPPORT_EMAIL',
  privacyEmail: 'PRIVACY_EMAIL',
  mediatorName: 'MEDIATOR_NAME',
  mediatorUrl: 'MEDIATOR_URL',
} as const;

export type SiteInfoField = keyof typeof SITE_INFO_VARIABLES;
export const SITE_INFO_FIELDS = Object.keys(SITE_INFO_VARIABLES) as SiteInfoField[];

export interface SiteInfo {
  values: Record<SiteInfoField, string>;
  /** The fields still holding the example below: the pages mark them. */
  examples: SiteInfoField[];
}

/** The fields that must be e-mail addresses, and the one that must be an https address. */
export const SITE_INFO_EMAILS: readonly SiteInfoField[] = ['publisherEmail', 'supportEmail', 'privacyEmail'];
export const SITE_INFO_URLS: readonly SiteInfoField[] = ['mediatorUrl'];

/** Placeholders that read as such (example.com, zeros): never a real company, person or number. */
export const EXAMPLE_SITE_INFO: Record<SiteInfoField, string> = {
  publisherName: 'Kreo SAS',
  publisherLegalForm: 'SAS',
  publisherCapital: '1 000 €',
  publisherAddress: '1 rue de l’Exemple, 75001 Paris, France',
  publisherRegistration: 'RCS Paris 000 000 000',
  publisherVat: 'FR00000000000',
  publicationDirector: 'Camille Exemple',
  publisherEmail: 'contact@kreo.example',
  publisherPhone: '+33 1 00 00 00 00',
  hostName: 'Hébergeur Exemple SAS',
  hostAddress: '2 avenue de l’Exemple, 59100 Roubaix, France',
  hostPhone: '+33 3 00 00 00 00',
  supportEmail: 'support@kreo.example',
  privacyEmail: 'privacy@kreo.example',
  mediatorName: 'Médiateur Exemple',
  mediatorUrl: 'https://mediateur.example',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Reads the fields from an environment; `problems` gets one line per bad variable. */
export function readSiteInfo(env: Record<string, string | undefined>, problems: string[]): SiteInfo {
  const values = { ...EXAMPLE_SITE_INFO };
  const examples: SiteInfoField[] = [];
  for (const field of SITE_INFO_FIELDS) {
    const variable = SITE_INFO_VARIABLES[field];
    const given = env[variable]?.trim();
    if (!given) {
      examples.push(field);
      continue;
    }
    if (SITE_INFO_EMAILS.includes(field) && !EMAIL.test(given))
      problems.push(`${variable} must be an e-mail address, got "${given}"`);
    else if (SITE_INFO_URLS.includes(field) && !/^https:\/\/\S+$/.test(given))
      problems.push(`${variable} must be an https:// address, got "${given}"`);
    values[field] = given;
  }
  return { values, examples };
}
