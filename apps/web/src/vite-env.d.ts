/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** IP-geolocation endpoint (may carry its token in the query string); the sandbox by default. */
  readonly VITE_GEOLOCATION_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
