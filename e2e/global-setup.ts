import { existsSync } from 'node:fs';

/** Fails early with a clear message when Chromium is missing, instead of a cryptic launch error. */
export default function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium est introuvable (${chromium}). Installez-le (apt-get install -y chromium) ou indiquez CHROMIUM_PATH.`,
    );
  }
}
