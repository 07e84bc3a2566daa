/**
 * The settings file (`ENV_FILE=/etc/intranet/intranet.env`), read by one parser for the server and
 * every command (issue 31 §5). systemd's `EnvironmentFile=`, a shell's `set -a; . file`, Node's
 * `--env-file` and dotenv each read some lines differently (an unquoted passphrase of five words, a
 * `# comment` after a value, a `#` inside one), and the difference is silent: a backup left
 * unencrypted, a secret that keeps its comment. This parser accepts only the lines all of them read the
 * same way, and refuses the others with the line's number:
 *
 *   # a comment, on its own line           KEY=value, taken whole to the end of the line (trimmed)
 *   KEY="value with # or spaces"           KEY='value'   (quoted: taken exactly, nothing escaped)
 *
 * A `#` after a space in an unquoted value (an inline comment, kept by systemd, cut by the others) is
 * refused, as is anything after a closing quote.
 */
import { readFileSync } from 'node:fs';

export class EnvFileError extends Error {
  override name = 'EnvFileError';
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The variables of `text`, or every line's problem at once (French, for the operator). */
export function parseEnvFile(text: string, file = 'ENV_FILE'): Record<string, string> {
  const values: Record<string, string> = {};
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${file}, ligne ${index + 1}`;
    const equals = line.indexOf('=');
    const name = equals > 0 ? line.slice(0, equals).trim() : '';
    if (!NAME.test(name)) {
      problems.push(`${where} : attendu NOM=valeur (lettres, chiffres et _ pour le nom).`);
      return;
    }
    const rest = line.slice(equals + 1).trim();
    const quote = rest[0];
    if (quote === '"' || quote === "'") {
      const end = rest.indexOf(quote, 1);
      if (end < 0 || end !== rest.length - 1) {
        problems.push(
          `${where} (${name}) : guillemets non refermés, ou texte après le guillemet fermant (mettez les commentaires sur leur propre ligne).`,
        );
        return;
      }
      values[name] = rest.slice(1, end);
      return;
    }
    if (/\s#/.test(rest)) {
      problems.push(
        `${where} (${name}) : commentaire en fin de ligne ; mettez-le sur sa propre ligne (systemd le garderait dans la valeur), ou mettez la valeur entre guillemets si « # » en fait partie.`,
      );
      return;
    }
    values[name] = rest;
  });
  if (problems.length)
    throw new EnvFileError(`Fichier de configuration invalide :\n  ${problems.join('\n  ')}`);
  return values;
}

/**
 * The environment the configuration reads: the file named by ENV_FILE, if any, under the process's
 * own variables (a variable set when starting the command wins over the file, as with systemd's
 * `Environment=` over `EnvironmentFile=`).
 */
export function environmentWithFile(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> {
  const file = env.ENV_FILE;
  if (!file) return env;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new EnvFileError(
      `Le fichier de configuration ${file} (ENV_FILE) est illisible : ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`,
    );
  }
  const defined = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined));
  return { ...parseEnvFile(text, file), ...defined };
}
