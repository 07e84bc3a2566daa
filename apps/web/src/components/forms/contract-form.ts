/**
 * Forms check what they send with the contract's own schema before sending it (issue 7): the French
 * message shows under the field at once, and a 412 about a field stays the exception (the server checks
 * the same schema). One helper for every form, in two shapes:
 * - `contractResolver` is the `validate` option of a @mantine/form `useForm`: the shape of every form
 *   (docs/architecture.md, « One form shape »);
 * - `useContractCheck` serves the few forms still kept in plain React state (listed under « Still not
 *   one »): `check(body)` returns the parsed body, or null after putting each field's message in `errors`.
 * A problem on a field the form does not show (an id, a field the screen fills itself) cannot be fixed
 * by the user under a field: it is said in a toast, and nothing is sent either.
 */
import { checkRequest, type ContractSchema, type FieldErrors, type SchemaOutput } from '@union/contract';
import { useCallback, useState } from 'react';
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
 * The errors of a body, keyed by the form's fields; those of fields the form does not show are said in
 * a toast. Returns the parsed body when it is valid.
 */
function sort<S extends ContractSchema>(
  schema: S,
  body: unknown,
  shown: (field: string) => boolean,
  rename: Readonly<Record<string, string>>,
): { data: SchemaOutput<S>; errors: null } | { data: null; errors: FieldErrors } {
  const result = checkRequest(schema, body);
  if (result.success) return { data: result.data, errors: null };
  const errors: FieldErrors = {};
  const hidden: string[] = [];
  for (const [path, message] of Object.entries(result.errors)) {
    const field = fieldOf(path, rename);
    if (shown(field) || shown(field.split('.')[0]!)) errors[field] ??= message;
    else hidden.push(message);
  }
  if (hidden.length > 0) toast('danger', `Le formulaire ne peut pas être envoyé : ${hidden[0]}`);
  return { data: null, errors };
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
  return (values: V): FieldErrors =>
    sort(schema, toBody(values), (field) => Object.hasOwn(values, field), rename).errors ?? {};
}

interface ContractCheck {
  /** The message of each field in error, by the form's field name. */
  errors: FieldErrors;
  /**
   * The body parsed by the request's schema if valid (the errors cleared); otherwise null, the errors
   * shown, the focus on the first field in error.
   */
  check: <S extends ContractSchema>(schema: S, body: unknown) => SchemaOutput<S> | null;
  /** Forgets a field's message once the user changes it (or every message, without a field). */
  clear: (field?: string) => void;
}

/**
 * For a form kept in React state. `fields` lists the fields the form shows (body paths, or form names
 * through `rename`); problems elsewhere go to a toast.
 */
export function useContractCheck(
  fields: readonly string[],
  rename: Readonly<Record<string, string>> = {},
): ContractCheck {
  const [errors, setErrors] = useState<FieldErrors>({});
  // The callers pass literals: their content, not their identity, decides when `check` changes.
  const fieldList = fields.join('\n');
  const renameJson = JSON.stringify(rename);
  const check = useCallback(
    <S extends ContractSchema>(schema: S, body: unknown) => {
      const shown = new Set(fieldList.split('\n'));
      const names = JSON.parse(renameJson) as Record<string, string>;
      const result = sort(schema, body, (field) => shown.has(field), names);
      setErrors(result.errors ?? {});
      if (result.errors) focusFirstInvalid();
      return result.data;
    },
    [fieldList, renameJson],
  );
  const clear = useCallback((field?: string) => {
    setErrors((current) => {
      if (field === undefined) return Object.keys(current).length === 0 ? current : {};
      if (!(field in current)) return current;
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });
  }, []);
  return { errors, check, clear };
}

/** A select's value as the id the contract expects; an empty select is a missing field, not id 0. */
export const idOf = (value: string | null | undefined): number | undefined =>
  value ? Number(value) : undefined;
