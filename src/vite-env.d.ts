/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; unset means the same origin as the SPA. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The country of each knowledge-base entry that has one (vite.config.ts, from schemas/knowledge.json). */
declare module 'virtual:knowledge-countries' {
  const countries: Record<string, 'FR' | 'RO'>;
  export default countries;
}

/** The legal forms of each knowledge-base entry about some forms only (vite.config.ts, from schemas/knowledge.json). */
declare module 'virtual:knowledge-legal-forms' {
  const legalForms: Record<string, string[]>;
  export default legalForms;
}
