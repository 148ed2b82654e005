/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Where the API lives; unset means the same origin as the SPA. */
  readonly VITE_API_BASE_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
