/**
 * Forms check what they send with the contract's own schema before sending it (issue 7): the French
 * message shows under the field at once, and a 412 about a field stays the exception (the server checks
 * the same schema). One helper for every form: `contractResolver`, the `validate` option of a
 * @mantine/form `useForm` (docs/architecture.md, « One form shape »).
 * A problem on a field the form does not show (an id, a field the screen fills itself) cannot be fixed
 * by the user under a field: it is said in a toast, and nothing is sent either.
 */
import { checkRequest, type ContractSchema, type FieldErrors } from '@union/contract';
import { toast } from '../toast';

/**
 * The form field of a body path: the path itself, unless `rename` names another field for the path or
 * for its first segment; renaming a segment to '' drops it (`identite.email` shown as `email`).
 */
function fieldOf(path: string, rename: Readonly<Record<string, string>>): string {
  if (Object.hasOwn(rename, path)) return rename[path]!;
  const [first, ...rest] = path.split('.');
  if (!Object.hasOwn(rename, first!)) return path;
  return [rename[first!], ...rest].filter(Boolean).join('.');
}

/**
 * The errors of a body, keyed by the form's fields (`shown`), and those of the fields it does not show
 * (`hidden`, keyed by their path), which are said in a toast.
 */
function sort(
  schema: ContractSchema,
  body: unknown,
  shown: (field: string) => boolean,
  rename: Readonly<Record<string, string>>,
): { shown: FieldErrors; hidden: FieldErrors } {
  const result = checkRequest(schema, body);
  const errors = { shown: {} as FieldErrors, hidden: {} as FieldErrors };
  if (result.success) return errors;
  for (const [path, message] of Object.entries(result.errors)) {
    const field = fieldOf(path, rename);
    const side = shown(field) || shown(field.split('.')[0]!) ? errors.shown : errors.hidden;
    side[field] ??= message;
  }
  const [hidden] = Object.values(errors.hidden);
  if (hidden) toast('danger', `Le formulaire ne peut pas être envoyé : ${hidden}`);
  return errors;
}

/** After a refused submit, the focus goes to the first field in error (its message is read with it). */
export function focusFirstInvalid() {
  // After React has rendered the errors (aria-invalid) of the form.
  setTimeout(() => {
    const form = document.activeElement?.closest('form') ?? document;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, 0);
}

/**
 * The `validate` option of a @mantine/form `useForm`: the form's values, turned into the request body by
 * `toBody`, checked with the contract's schema. `rename` maps a body field to a form field of another name.
 */
export function contractResolver<V extends object, S extends ContractSchema>(
  schema: S,
  toBody: (values: V) => unknown,
  rename: Readonly<Record<string, string>> = {},
) {
  return (values: V): FieldErrors => {
    const { shown, hidden } = sort(schema, toBody(values), (field) => Object.hasOwn(values, field), rename);
    // A hidden field's problem is kept among the errors too: no input shows it, but the form stays
    // invalid and sends nothing.
    return { ...hidden, ...shown };
  };
}

/** A select's value as the id the contract expects; an empty select is a missing field, not id 0. */
export const idOf = (value: string | null | undefined): number | undefined =>
  value ? Number(value) : undefined;
