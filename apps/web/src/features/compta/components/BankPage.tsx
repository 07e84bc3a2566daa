/**
 * « Banque » (issue 34): the treasurer imports the bank's statement (CAMT.053, OFX, CSV), reads each line with
 * what it is proposed to pay, confirms every exact match at once, or confirms or sets aside one line.
 * COMPTA_LECTURE reads; COMPTA_SAISIE imports and confirms.
 */
import { Alert, Button, FileButton, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { IconChecks, IconScale, IconUpload } from '@tabler/icons-react';
import type { BankImportReport, BankStatementSummary } from '@union/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/toast';
import { usePageTitle } from '../../../components/usePageTitle';
import { WRAPPING_BUTTON } from '../../../components/wrapping-button';
import { formatDay } from '../../../lib/dates';
import { formatCents } from '../../../lib/format';
import { useHabilitation } from '../../../lib/session';
import { useBankStatement, useBankStatements, useConfirmExact, useImportStatement } from '../api/bank';
import { BankCsvColumnsForm } from './BankCsvColumnsForm';
import { BankLinesTable } from './BankLinesTable';
import { ComptaNav } from './ComptaNav';

/** « 2 lignes nouvelles »: every word of the phrase takes the plural. */
const plural = (n: number, words: string) => `${n} ${n > 1 ? words.replace(/(\S+)/g, '$1s') : words}`;

const labelOf = (s: BankStatementSummary) =>
  `${s.nomCompte} — du ${formatDay(s.du)} au ${formatDay(s.au)} (${s.identifiant})`;

function ImportReport({ report }: { report: BankImportReport }) {
  const lignes = report.releves.reduce((n, r) => n + r.lignes, 0);
  return (
    <Stack gap="xs">
      <Alert color="green" title="Relevé importé">
        {plural(report.nouvelles, 'ligne nouvelle')} sur {plural(lignes, 'ligne')}
        {report.nouvelles < lignes ? ' : les autres étaient déjà importées.' : '.'}
      </Alert>
      {report.alertes.map((a) => (
        <Alert key={a} color="yellow" title="Écart de solde">
          {a}
        </Alert>
      ))}
    </Stack>
  );
}

function Summary({ s }: { s: BankStatementSummary }) {
  return (
    <Group wrap="wrap" style={{ columnGap: 'var(--mantine-spacing-xl)', rowGap: 4 }}>
      <Text>
        Solde d’ouverture : <strong>{s.soldeOuverture === null ? '—' : formatCents(s.soldeOuverture)}</strong>
      </Text>
      <Text>
        Solde de clôture : <strong>{s.soldeCloture === null ? '—' : formatCents(s.soldeCloture)}</strong>
      </Text>
      <Text c="dimmed" size="sm">
        Compte {s.compte}, importé par {s.importePar}
      </Text>
      {!!s.ecart && (
        <Alert color="yellow" w="100%">
          Le solde d’ouverture diffère de {formatCents(s.ecart)} du solde de clôture du relevé précédent.
        </Alert>
      )}
    </Group>
  );
}

export function BankPage() {
  usePageTitle('Banque');
  const mayWrite = useHabilitation('COMPTA_SAISIE');
  const statements = useBankStatements();
  const [chosen, setChosen] = useState<number | null>(null);
  const [report, setReport] = useState<BankImportReport | null>(null);
  // A CSV statement whose columns the server asks for: sent again with them (BankCsvColumnsForm).
  const [csvFile, setCsvFile] = useState<File | null>(null);
  const id = chosen ?? statements.data?.[0]?.id ?? null;
  const statement = useBankStatement(id);
  const upload = useImportStatement();
  const confirmExact = useConfirmExact();
  const exact =
    statement.data?.lignes.filter(
      (l) =>
        l.proposition?.nature === 'exacte' || (l.etat === 'A_TRAITER' && l.prelevement?.nature === 'exacte'),
    ).length ?? 0;

  const importFile = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (r) => {
        setReport(r);
        setCsvFile(r.csv ? file : null);
        if (!r.csv) setChosen(r.releves[0]?.id ?? null);
      },
    });
  };
  const csvImported = (r: BankImportReport) => {
    setCsvFile(null);
    setReport(r);
    setChosen(r.releves[0]?.id ?? null);
  };
  const confirmAll = () =>
    confirmExact.mutate(id!, {
      onSuccess: (r) =>
        toast(
          r.refusees.length ? 'warning' : 'success',
          `${plural(r.confirmees, 'paiement enregistré')}.` +
            (r.refusees.length ? ` ${plural(r.refusees.length, 'ligne')} à revoir.` : ''),
        ),
    });

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Banque</Title>
        <Button
          component={Link}
          to="rapprochement"
          variant="light"
          leftSection={<IconScale size={18} aria-hidden />}
        >
          Rapprochement
        </Button>
        <Button component={Link} to="mandats" variant="light">
          Mandats et prélèvements SEPA
        </Button>
        {mayWrite && (
          <FileButton
            onChange={importFile}
            accept=".xml,.ofx,.qfx,.csv,.txt,application/xml,text/xml,text/csv"
          >
            {(props) => (
              <Button
                {...props}
                {...WRAPPING_BUTTON}
                loading={upload.isPending}
                leftSection={<IconUpload size={18} aria-hidden />}
              >
                Importer un relevé (CAMT.053, OFX, CSV)
              </Button>
            )}
          </FileButton>
        )}
      </Group>
      <ComptaNav />
      {report?.csv && csvFile && (
        <BankCsvColumnsForm
          key={csvFile.name + csvFile.lastModified}
          question={report.csv}
          file={csvFile}
          onImported={csvImported}
          onCancel={() => setReport(null)}
        />
      )}
      {report && !report.csv && <ImportReport report={report} />}
      {statements.isPending && <Loader aria-label="Chargement des relevés" />}
      {statements.isError && <Alert color="red">Les relevés n’ont pas pu être chargés.</Alert>}
      {statements.data?.length === 0 && (
        <Text c="dimmed">
          Aucun relevé importé. Exportez le relevé du compte au format CAMT.053, OFX ou CSV depuis l’espace de
          la banque.
        </Text>
      )}
      {statements.data && statements.data.length > 0 && (
        <Select
          label="Relevé"
          data={statements.data.map((s) => ({ value: String(s.id), label: labelOf(s) }))}
          value={id === null ? null : String(id)}
          onChange={(v) => setChosen(v ? Number(v) : null)}
          allowDeselect={false}
          maw={800}
        />
      )}
      {statement.data && <Summary s={statement.data} />}
      {statement.data && mayWrite && exact > 0 && (
        <Group>
          <Button
            {...WRAPPING_BUTTON}
            leftSection={<IconChecks size={18} aria-hidden />}
            loading={confirmExact.isPending}
            onClick={confirmAll}
          >
            Confirmer les correspondances exactes ({exact})
          </Button>
        </Group>
      )}
      {statement.data && <BankLinesTable lines={statement.data.lignes} mayWrite={mayWrite} />}
    </Stack>
  );
}
