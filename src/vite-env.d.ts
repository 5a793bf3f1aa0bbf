/// <reference types="vite/client" />
/// <reference types="vite-plugin-pwa/client" />

interface ImportMetaEnv {
  readonly VITE_API_BASE_URL?: string;
  readonly VITE_LOGIN_URL?: string;
  /** '1' only in the second release e2e/update.spec.ts builds: one Dexie schema step more. */
  readonly VITE_E2E_NEXT_SCHEMA?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
