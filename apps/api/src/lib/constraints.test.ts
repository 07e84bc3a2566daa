import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import {
  constraintViolationOf,
  databaseErrorOf,
  guardConstraint,
  refusalOf,
  violates,
  withoutParameters,
  type Refusal,
} from './constraints';
import { AppError } from './errors';

/** The shape node-pg and PGlite give a refused write, wrapped by Drizzle in `cause`. */
const drizzleError = (code: string, constraint?: string, detail?: string) =>
  Object.assign(new Error('Failed query'), {
    cause: Object.assign(new Error('db'), { code, constraint, detail }),
  });

describe('constraintViolationOf', () => {
  it('finds the SQLSTATE, the name and the detail through the wrapping', () => {
    expect(constraintViolationOf(drizzleError('23514', 'cards_balance', 'Failing row'))).toEqual({
      code: '23514',
      constraint: 'cards_balance',
      detail: 'Failing row',
    });
  });
  it('tells the refused constraint by name', () => {
    expect(violates(drizzleError('23505', 'users_email_lower_key'), 'users_email_lower_key')).toBe(true);
    expect(violates(drizzleError('23505', 'users_email_lower_key'), 'users_identifiant_lower_key')).toBe(
      false,
    );
    expect(violates(new Error('boom'), 'users_email_lower_key')).toBe(false);
  });
  it('ignores what is not an integrity violation', () => {
    expect(constraintViolationOf(drizzleError('22P02'))).toBeUndefined();
    expect(constraintViolationOf(new Error('boom'))).toBeUndefined();
  });
});

describe('databaseErrorOf', () => {
  it('reads any SQLSTATE, not only integrity violations, and nothing from other errors', () => {
    expect(databaseErrorOf(drizzleError('22P02'))).toEqual({ code: '22P02' });
    expect(databaseErrorOf(Object.assign(new Error('net'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(databaseErrorOf('not an error')).toBeUndefined();
  });
});

describe('guardConstraint', () => {
  const refusals = {
    seats_left: { code: 'meal_full', message: 'Il ne reste plus de place pour ce repas.' },
    one_per_day: { code: 'duplicate', message: (v: { detail?: string }) => `Déjà fait (${v.detail}).` },
  } satisfies Record<string, Refusal>;

  it('answers the named constraint as a 412 with its own code', async () => {
    const error = await guardConstraint(
      () => Promise.reject(drizzleError('23514', 'seats_left')),
      refusals,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 412,
      code: 'meal_full',
      message: 'Il ne reste plus de place pour ce repas.',
    });
  });

  it('builds the message from the violation when asked', async () => {
    await expect(
      guardConstraint(() => Promise.reject(drizzleError('23505', 'one_per_day', 'x=1')), refusals),
    ).rejects.toMatchObject({ code: 'duplicate', message: 'Déjà fait (x=1).' });
  });

  it('lets other errors through unchanged, and answers the value when nothing fails', async () => {
    const other = drizzleError('23505', 'some_other_index');
    await expect(guardConstraint(() => Promise.reject(other), refusals)).rejects.toBe(other);
    await expect(guardConstraint(() => Promise.resolve(42), refusals)).resolves.toBe(42);
  });

  it('waits for a message that reads what is in the way', async () => {
    const slow = {
      one_per_day: { code: 'slot_taken', message: () => Promise.resolve('Pris par la loge 3.') },
    } satisfies Record<string, Refusal>;
    await expect(
      guardConstraint(() => Promise.reject(drizzleError('23P01', 'one_per_day')), slow),
    ).rejects.toMatchObject({ status: 412, code: 'slot_taken', message: 'Pris par la loge 3.' });
  });
});

describe('refusalOf', () => {
  it('answers the 412 of a caught refusal, or the error itself', async () => {
    const refusals = { one_per_day: { code: 'duplicate', message: 'Déjà fait.' } } satisfies Record<
      string,
      Refusal
    >;
    await expect(refusalOf(drizzleError('23505', 'one_per_day'), refusals)).resolves.toMatchObject({
      code: 'duplicate',
    });
    const other = new Error('boom');
    await expect(refusalOf(other, refusals)).resolves.toBe(other);
  });
});

describe('withoutParameters (what a log keeps of a failed query)', () => {
  it('keeps the SQL text and the driver’s code, never the parameters nor the detail', () => {
    const driver = Object.assign(new Error('la base refuse'), {
      code: '23505',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(marie@exemple.fr) already exists.',
    });
    const failed = new DrizzleQueryError(
      'insert into "users" ("email") values ($1)',
      ['marie@exemple.fr'],
      driver,
    );
    const logged = JSON.stringify(withoutParameters(failed));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_unique');
    expect(logged).not.toContain('marie@exemple.fr');
  });

  it('keeps any other error as it is', () => {
    const other = new Error('autre');
    expect(withoutParameters(other)).toBe(other);
  });
});
