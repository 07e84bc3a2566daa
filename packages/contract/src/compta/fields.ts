/** The builders of the accounting's own fields: a required label and an amount in cents. */
import { z } from 'zod';

export const label = (max: number, what: string) =>
  z
    .string({ message: `Indiquez ${what}.` })
    .trim()
    .min(1, { message: `Indiquez ${what}.` })
    .max(max, { message: `${what[0]!.toUpperCase()}${what.slice(1)} est limité à ${max} caractères.` });

/** Cents, as integers: 1234 is 12,34 €. */
export const cents = (what: string) =>
  z
    .number({ message: `${what} doit être un montant en centimes.` })
    .int({ message: `${what} doit être un nombre entier de centimes.` })
    .min(-100_000_000, { message: `${what} est hors des limites (1 000 000 €).` })
    .max(100_000_000, { message: `${what} est hors des limites (1 000 000 €).` });
