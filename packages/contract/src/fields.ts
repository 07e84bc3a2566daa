/**
 * The validated form fields several schemas share (a name, an e-mail, a telephone, a day): one rule and
 * one French message each, for the server's check and the screens' alike.
 */
import { z } from 'zod';
import { IMPLAUSIBLE_YEAR_MESSAGE, isPlausibleYear } from './ids';

export const isoDay = z.iso
  .date({ message: 'La date doit être au format aaaa-mm-jj.' })
  .refine(isPlausibleYear, { message: IMPLAUSIBLE_YEAR_MESSAGE });
export const trimmed = (label: string, max: number) =>
  z
    .string()
    .trim()
    .min(1, { message: `${label} est obligatoire.` })
    .max(max, { message: `${label} ne doit pas dépasser ${max} caractères.` });
export const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `${label} ne doit pas dépasser ${max} caractères.` })
    .nullish()
    .transform((v) => (v ? v : null));
export const emailField = z
  .string()
  .trim()
  .pipe(z.email({ message: "Le format de l'e-mail est invalide (exemple : prenom.nom@exemple.fr)." }));
export const telephoneField = z
  .string()
  .trim()
  .regex(/^(\+?[0-9][0-9 .-]{5,19})?$/, {
    message: 'Le numéro de téléphone est invalide (exemple : 04 78 00 00 00).',
  })
  .nullish()
  .transform((v) => (v ? v : null));
export const identifiantField = z
  .string()
  .trim()
  .min(2, { message: "L'identifiant doit contenir au moins 2 caractères." })
  .max(60, { message: "L'identifiant ne doit pas dépasser 60 caractères." })
  .regex(/^[A-Za-z0-9._-]+$/, {
    message:
      "L'identifiant ne peut contenir que des lettres sans accent, des chiffres, « . », « _ » et « - ».",
  });
