/**
 * The French message of a validation problem, shared by the server (its 412 answers) and the screens
 * (which check a request with the same schema before sending it, so a 412 about a field is the exception).
 * Zod's own messages for a value outside an enum list the raw codes; here they name the French labels.
 */
import type { z } from 'zod';
import { fr } from 'zod/v4/locales';
import { CODE_LIST_LABELS } from './enums';
import { HABILITATIONS } from './habilitations';

/** Zod's French messages, for the few validation texts the contract does not write itself. */
export const frenchZodErrors = fr().localeError;

type Labels = Readonly<Record<string, string>>;

let habilitationLabels: Labels | undefined;
/**
 * Every code list of the contract with its French labels (registered by `codeList` as each file loads,
 * read at the first message, once all are loaded), and the habilitations with theirs.
 */
function allCodeLabels(): Labels[] {
  habilitationLabels ??= Object.fromEntries(
    Object.entries(HABILITATIONS).map(([code, h]) => [code, h.libelle]),
  );
  return [...CODE_LIST_LABELS, habilitationLabels];
}

/** The French labels of allowed values: from the smallest code list of the contract holding them all. */
function labelsOf(values: readonly unknown[]): string[] | undefined {
  const best = allCodeLabels()
    .filter((labels) => values.every((v) => typeof v === 'string' && Object.hasOwn(labels, v)))
    .sort((a, b) => Object.keys(a).length - Object.keys(b).length)[0];
  return best && values.map((v) => best[v as string]!);
}

const inFrench = (items: string[]) =>
  items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} ou ${items.at(-1)!}`;

/** A validation problem as Zod reports it (the server receives the same fields through Fastify). */
export interface ValidationIssue {
  code?: string;
  message?: string;
  values?: unknown[];
  errors?: unknown;
}

/**
 * A value no branch of a union accepts (« an e-mail, or empty »): Zod says only « Entrée invalide ».
 * Say what the contract said for a branch, or which values are allowed when the branches are literals.
 */
function unionMessage(errors: unknown): string | undefined {
  const branches = Array.isArray(errors) ? (errors as ValidationIssue[][]) : [];
  const issues = branches.flat();
  const own = issues.find(
    (i) => i.message && !/^(Option|Entrée) invalide|^Trop (petit|grand)/.test(i.message),
  );
  if (own?.message) return own.message;
  if (issues.length > 0 && issues.every((i) => i.code === 'invalid_value')) {
    return frenchIssueMessage({
      code: 'invalid_value',
      message: 'Option invalide',
      values: issues.flatMap((i) => i.values ?? []),
    });
  }
  return undefined;
}

/**
 * The message to show for one problem: the contract's own message when it wrote one; for a missing
 * field, « ce champ est obligatoire. »; for a value outside a code list, the French labels allowed,
 * never the raw codes.
 */
export function frenchIssueMessage(issue: ValidationIssue): string {
  const message = issue.message ?? 'valeur invalide.';
  const zodDefault = /^(Option|Entrée) invalide/.test(message);
  if (issue.code === 'invalid_type' && / indéfini reçu$/.test(message)) return 'ce champ est obligatoire.';
  if (issue.code === 'invalid_union' && zodDefault) return unionMessage(issue.errors) ?? 'valeur invalide.';
  if (issue.code !== 'invalid_value' || !zodDefault) return message;
  const labels = labelsOf(Array.isArray(issue.values) ? issue.values : []);
  return labels
    ? `valeur non reconnue : choisissez ${inFrench(labels.map((l) => `« ${l} »`))}.`
    : 'valeur non reconnue.';
}

/** A request schema of the contract (for the screens, which do not import Zod). */
export type ContractSchema = z.ZodType;

/** One message per field, keyed by the field's dotted path (« lignes.0.montant »; '' for the whole body). */
export type FieldErrors = Record<string, string>;

export type CheckResult<S extends z.ZodType> =
  { success: true; data: z.output<S> } | { success: false; errors: FieldErrors };

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Checks a request body with its contract schema, as the server will: the parsed body, or the first
 * French message of each field (capitalised, since a screen shows it alone under the field).
 */
export function checkRequest<S extends z.ZodType>(schema: S, body: unknown): CheckResult<S> {
  const parsed = schema.safeParse(body, { error: frenchZodErrors });
  if (parsed.success) return { success: true, data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.map(String).join('.');
    errors[path] ??= capitalised(frenchIssueMessage(issue as ValidationIssue));
  }
  return { success: false, errors };
}
