import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseEnvFile } from './env-file';

describe('the settings file (ENV_FILE)', () => {
  it('reads the lines every reader agrees on, whole', () => {
    expect(
      parseEnvFile(
        [
          '# a comment',
          '',
          'BACKUP_PASSPHRASE=correct horse battery staple now',
          'SMTP_URL=smtp://u:p@h:587',
          'MAIL_FROM="Intranet de l\'Union <i@u.fr>"',
          "PUBLIC_URL='https://x.fr'",
          '  LOG_LEVEL = warn  ',
          'H=a#b',
        ].join('\n'),
      ),
    ).toEqual({
      BACKUP_PASSPHRASE: 'correct horse battery staple now',
      SMTP_URL: 'smtp://u:p@h:587',
      MAIL_FROM: "Intranet de l'Union <i@u.fr>",
      PUBLIC_URL: 'https://x.fr',
      LOG_LEVEL: 'warn',
      H: 'a#b',
    });
  });

  it('reads the example file of deploy/ whole', () => {
    const example = readFileSync(new URL('../../../deploy/union.env.example', import.meta.url), 'utf8');
    const values = parseEnvFile(example);
    expect(values.BACKUP_PASSPHRASE).toBe('à remplacer par une phrase de passe longue');
    expect(values.MAIL_FROM).toBe("Intranet de l'Union <intranet@example.org>");
    expect(Object.keys(values)).toEqual(
      expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'SECOND_FACTOR_KEY']),
    );
  });

  it('refuses an inline comment, an unclosed quote and a line without a name, all at once', () => {
    expect(() =>
      parseEnvFile(['PORT=8080  # the port', 'A="open', 'just words', 'B="x" # c'].join('\n'), 'f.env'),
    ).toThrow(
      /f\.env, ligne 1 \(PORT\) : commentaire en fin de ligne[^]*ligne 2 \(A\) : guillemets non refermés[^]*ligne 3 : attendu NOM=valeur[^]*ligne 4 \(B\)/,
    );
  });

  it('is read by loadConfig under the process’s own variables', () => {
    const dir = mkdtempSync(join(tmpdir(), 'union-env-'));
    const file = join(dir, 'union.env');
    writeFileSync(file, 'PORT=9001\nBACKUP_PASSPHRASE=un deux trois quatre cinq\nLOG_LEVEL=warn\n');
    const config = loadConfig({ ENV_FILE: file, LOG_LEVEL: 'debug' });
    expect(config.PORT).toBe(9001);
    expect(config.BACKUP_PASSPHRASE).toBe('un deux trois quatre cinq');
    expect(config.LOG_LEVEL).toBe('debug');
    expect(() => loadConfig({ ENV_FILE: join(dir, 'absent.env') })).toThrow(
      /absent\.env \(ENV_FILE\) est illisible : ENOENT/,
    );
  });

  it('lists every problem at once, in French, and refuses a secret with spaces around it or a #', () => {
    let message = '';
    try {
      loadConfig({
        NODE_ENV: 'production',
        PORT: 'huit',
        BACKUP_PASSPHRASE: ' phrase ',
        METRICS_TOKEN: 'jeton-de-metriques#commentaire',
        BACKUP_TIME: '3h',
      });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n')[0]).toBe('Configuration invalide :');
    for (const expected of [
      /PORT: .*nombre/,
      /BACKUP_TIME: une heure HH:MM/,
      /BACKUP_PASSPHRASE commence ou finit par une espace/,
      /METRICS_TOKEN contient « # »/,
      /OAUTH_CLIENT_SECRET doit être défini en production/,
      /PUBLIC_URL .* doit être défini en production/,
      /SYSTEMPAY_KEY .* doit être définie en production/,
      /SECOND_FACTOR_KEY .* doit être définie en production/,
    ])
      expect(message).toMatch(expected);
    expect(message).not.toMatch(/Invalid|expected/);
  });
});
