/**
 * « Imputer » a bank line (issue 34): the account of the chart it goes to (an expense of the Union, bank
 * charges, a gift received), picked among the usual ones or typed, and the entry's label; the server
 * posts that account against the statement's 512x, once.
 */
import { Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { BankLine } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/FormActions';
import { toast } from '../../../components/toast';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { useImputeLine } from '../api/bank';

/** The accounts an association's bank lines usually go to (French chart); any other may be typed. */
export const USUAL_ACCOUNTS = [
  { num: '6061', lib: 'Fournitures non stockables (eau, énergie)' },
  { num: '6063', lib: 'Fournitures d’entretien et de petit équipement' },
  { num: '6064', lib: 'Fournitures administratives' },
  { num: '613', lib: 'Locations' },
  { num: '615', lib: 'Entretien et réparations' },
  { num: '616', lib: 'Primes d’assurance' },
  { num: '622', lib: 'Rémunérations d’intermédiaires et honoraires' },
  { num: '623', lib: 'Publicité, publications, relations publiques' },
  { num: '626', lib: 'Frais postaux et de télécommunications' },
  { num: '627', lib: 'Services bancaires et assimilés' },
  { num: '635', lib: 'Autres impôts, taxes et versements assimilés' },
  { num: '658', lib: 'Charges diverses de gestion courante' },
  { num: '756', lib: 'Cotisations' },
  { num: '758', lib: 'Produits divers de gestion courante' },
  { num: '768', lib: 'Autres produits financiers' },
];

const ACCOUNT_NUMBER = /^[1-7][0-9A-Z]{1,11}$/;

export function ImputeLineModal({ line, onClose }: { line: BankLine | null; onClose: () => void }) {
  const impute = useImputeLine();
  const [num, setNum] = useState('');
  const [lib, setLib] = useState('');
  const [libelle, setLibelle] = useState<string | null>(null);
  const label = libelle ?? line?.libelle ?? '';
  const close = () => {
    setNum('');
    setLib('');
    setLibelle(null);
    onClose();
  };
  const problem = !ACCOUNT_NUMBER.test(num.trim())
    ? 'Indiquez le numéro du compte : sa classe (1 à 7) suivie de chiffres (6061, 627…).'
    : !lib.trim()
      ? 'Indiquez l’intitulé du compte.'
      : !label.trim()
        ? 'Indiquez le libellé de l’écriture.'
        : null;
  const pick = (value: string | null) => {
    const found = USUAL_ACCOUNTS.find((a) => a.num === value);
    if (!found) return;
    setNum(found.num);
    setLib(found.lib);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!line || problem) return;
    impute.mutate(
      { line, body: { compte: { num: num.trim(), lib: lib.trim() }, libelle: label.trim() } },
      {
        onSuccess: () => {
          toast('success', `La ligne est imputée au compte ${num.trim()}.`);
          close();
        },
      },
    );
  };
  return (
    <Modal
      opened={line !== null}
      onClose={close}
      title={
        line ? `Imputer la ligne du ${formatDay(line.dateComptable)} de ${formatCents(line.montant)}` : ''
      }
    >
      <form noValidate onSubmit={submit}>
        <Stack>
          <Text size="sm">
            L’écriture porte {line && line.montant < 0 ? 'au débit' : 'au crédit'} du compte choisi, contre le
            compte de la banque du relevé.
          </Text>
          <Select
            label="Compte usuel"
            placeholder="Choisir un compte"
            data={USUAL_ACCOUNTS.map((a) => ({ value: a.num, label: `${a.num} — ${a.lib}` }))}
            value={USUAL_ACCOUNTS.some((a) => a.num === num) ? num : null}
            onChange={pick}
            searchable
            data-autofocus
          />
          <TextInput
            label="Numéro du compte"
            value={num}
            onChange={(e) => setNum(e.currentTarget.value.toUpperCase())}
            required
            maxLength={12}
          />
          <TextInput
            label="Intitulé du compte"
            value={lib}
            onChange={(e) => setLib(e.currentTarget.value)}
            required
            maxLength={100}
          />
          <TextInput
            label="Libellé de l’écriture"
            value={label}
            onChange={(e) => setLibelle(e.currentTarget.value)}
            required
            maxLength={200}
          />
          <FormActions onCancel={close} disabledReason={problem} loading={impute.isPending}>
            {`Imputer au compte ${num.trim() || '…'}`}
          </FormActions>
        </Stack>
      </form>
    </Modal>
  );
}
