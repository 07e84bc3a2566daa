/**
 * The columns of a CSV statement (issue 34), asked at the first CSV import of a bank account: the
 * account, then which of the file's columns hold the date, the label, the amount (one signed column, or
 * a debit and a credit column) and the bank's reference, the file's first rows shown beneath. Sent with
 * the same file again; the account keeps them for its next imports.
 */
import { Alert, Button, Group, Radio, ScrollArea, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { BankCsvColumns, BankCsvQuestion, BankImportReport } from '@union/contract';
import { useState, type FormEvent } from 'react';
import { useImportStatement } from '../api/bank';

type Choice = Record<keyof BankCsvColumns, string | null>;

function Preview({ question }: { question: BankCsvQuestion }) {
  return (
    // Focusable, so the rows wider than a phone's screen scroll with the keyboard too.
    <ScrollArea
      type="auto"
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Premières lignes du fichier' }}
    >
      <Table striped withTableBorder miw={500}>
        <Table.Caption>Premières lignes du fichier</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            {question.entetes.map((e, i) => (
              <Table.Th key={i}>{e || `Colonne ${i + 1}`}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {question.apercu.map((row, r) => (
            <Table.Tr key={r}>
              {question.entetes.map((_, i) => (
                <Table.Td key={i}>{row[i] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

export function BankCsvColumnsForm({
  question,
  file,
  onImported,
  onCancel,
}: {
  question: BankCsvQuestion;
  file: File;
  onImported: (report: BankImportReport) => void;
  onCancel: () => void;
}) {
  const upload = useImportStatement();
  const [compte, setCompte] = useState<string | null>(question.compte);
  const [choice, setChoice] = useState<Choice>({
    date: question.colonnes?.date ?? null,
    libelle: question.colonnes?.libelle ?? null,
    montant: question.colonnes?.montant ?? null,
    debit: question.colonnes?.debit ?? null,
    credit: question.colonnes?.credit ?? null,
    reference: question.colonnes?.reference ?? null,
  });
  const [split, setSplit] = useState(!choice.montant && !!(choice.debit || choice.credit));
  const titles = question.entetes.filter(Boolean).map((e) => ({ value: e, label: e }));
  const pick = (key: keyof Choice, label: string, required = true) => (
    <Select
      label={label}
      data={titles}
      value={choice[key]}
      onChange={(v) => setChoice((c) => ({ ...c, [key]: v }))}
      required={required}
      clearable={!required}
      w={220}
    />
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const colonnes = split ? { ...choice, montant: null } : { ...choice, debit: null, credit: null };
    upload.mutate(
      { file, fields: { compte: compte ?? '', colonnes: JSON.stringify(colonnes) } },
      { onSuccess: onImported },
    );
  };

  return (
    <Stack component="form" onSubmit={submit} gap="md" aria-labelledby="colonnes-csv">
      <Title order={3} id="colonnes-csv">
        Colonnes du relevé CSV
      </Title>
      <Text>
        C’est le premier relevé CSV de ce compte : indiquez ce que contient chaque colonne. Ce choix est gardé
        pour les prochains relevés du même compte.
      </Text>
      <Select
        label="Compte bancaire"
        data={question.comptes.map((a) => ({ value: a.iban, label: `${a.nom} (${a.iban})` }))}
        value={compte}
        onChange={setCompte}
        required
        maw={500}
      />
      <Group align="flex-end" wrap="wrap">
        {pick('date', 'Date de l’opération')}
        {pick('libelle', 'Libellé')}
        {pick('reference', 'Référence de la banque (facultative)', false)}
      </Group>
      <Radio.Group
        label="Le montant figure"
        value={split ? 'deux' : 'une'}
        onChange={(v) => setSplit(v === 'deux')}
      >
        <Group mt="xs">
          <Radio value="une" label="dans une colonne, négatif au débit" />
          <Radio value="deux" label="dans deux colonnes, Débit et Crédit" />
        </Group>
      </Radio.Group>
      <Group align="flex-end" wrap="wrap">
        {split ? (
          <>
            {pick('debit', 'Débit')}
            {pick('credit', 'Crédit')}
          </>
        ) : (
          pick('montant', 'Montant')
        )}
      </Group>
      <Preview question={question} />
      {upload.isError && (
        <Alert color="red" title="Le relevé n’a pas été importé">
          {upload.error.message}
        </Alert>
      )}
      <Group>
        <Button type="submit" loading={upload.isPending}>
          Importer avec ces colonnes
        </Button>
        <Button variant="default" onClick={onCancel}>
          Annuler
        </Button>
      </Group>
    </Stack>
  );
}
