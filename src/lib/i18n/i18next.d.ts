import type assistant from '../../../locales/fr/assistant.json';
import type auth from '../../../locales/fr/auth.json';
import type checkout from '../../../locales/fr/checkout.json';
import type chooser from '../../../locales/fr/chooser.json';
import type cofounders from '../../../locales/fr/cofounders.json';
import type common from '../../../locales/fr/common.json';
import type dashboard from '../../../locales/fr/dashboard.json';
import type forms from '../../../locales/fr/forms.json';
import type faq from '../../../locales/fr/faq.json';
import type knowledge from '../../../locales/fr/knowledge.json';
import type documents from '../../../locales/fr/documents.json';
import type info from '../../../locales/fr/info.json';
import type jurisdictions from '../../../locales/fr/jurisdictions.json';
import type landing from '../../../locales/fr/landing.json';
import type legalActs from '../../../locales/fr/legal-acts.json';
import type marketing from '../../../locales/fr/marketing.json';
import type nationalities from '../../../locales/fr/nationalities.json';
import type profile from '../../../locales/fr/profile.json';
import type registration from '../../../locales/fr/registration.json';
import type signing from '../../../locales/fr/signing.json';
import type website from '../../../locales/fr/website.json';
import type wizard from '../../../locales/fr/wizard.json';

// Keys are typed from the French files (the default language): `t('nav.hme')` fails to compile.
// scripts/check-locales.ts makes en and ro carry exactly the same keys.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      marketing: typeof marketing;
      auth: typeof auth;
      profile: typeof profile;
      wizard: typeof wizard;
      documents: typeof documents;
      checkout: typeof checkout;
      info: typeof info;
      forms: typeof forms;
      assistant: typeof assistant;
      faq: typeof faq;
      knowledge: typeof knowledge;
      jurisdictions: typeof jurisdictions;
      website: typeof website;
      cofounders: typeof cofounders;
      signing: typeof signing;
      'legal-acts': typeof legalActs;
      registration: typeof registration;
      dashboard: typeof dashboard;
      nationalities: typeof nationalities;
      chooser: typeof chooser;
    };
  }
}
