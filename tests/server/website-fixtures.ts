/** What the website's server tests share: a site the builder's rules accept as complete. */
import type { WebsiteContent } from '../../src/shared/website';

/** A French and English bakery's site, ready to publish (French only unless `languages` says). */
export function completeContent(overrides: Partial<WebsiteContent> = {}): WebsiteContent {
  return {
    siteName: 'Boulangerie Dupont',
    languages: ['fr'],
    color: 'teal',
    email: 'contact@boulangerie-dupont.test',
    phone: '+33 1 23 45 67 89',
    address: '12 rue de la Paix\n75002 Paris',
    country: 'FR',
    legalForm: 'SAS',
    shareCapital: 1000,
    registrationPending: true,
    registrationNumber: '',
    taxId: '',
    vatNumber: '',
    publicationDirector: 'Camille Dupont',
    legalDetails: '',
    texts: {
      fr: {
        tagline: 'Du pain au levain, cuit chaque matin',
        about: 'Nous faisons notre pain nous-mêmes, avec des farines de la région.',
        services: [{ name: 'Pains au levain' }, { name: 'Viennoiseries' }],
        openingHours: 'Du mardi au samedi, 7 h – 19 h',
      },
      en: {
        tagline: 'Sourdough bread, baked every morning',
        about: 'We bake our own bread, with flour from local mills.',
        services: [{ name: 'Sourdough bread' }],
        openingHours: 'Tuesday to Saturday, 7 am – 7 pm',
      },
    },
    ...overrides,
  };
}
