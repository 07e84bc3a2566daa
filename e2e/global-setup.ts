import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from './chromium';

/** Fails early with a clear message when Chromium is missing, instead of a cryptic launch error. */
export default function globalSetup() {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium est introuvable (${CHROMIUM_PATH}). Installez-le (apt-get install -y chromium) ou indiquez CHROMIUM_PATH.`,
    );
  }
}
