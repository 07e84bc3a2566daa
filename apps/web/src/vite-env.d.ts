/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_OAUTH_CLIENT_ID?: string;
  readonly VITE_OAUTH_CLIENT_SECRET?: string;
}
