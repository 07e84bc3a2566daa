/** The lodges' SEPA mandates (issue 34 §4): each with its RUM, signature, IBAN, sequence and PDF. */
import { Badge, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import type { Mandate } from '@union/contract';
import { useState } from 'react';
import { toast } from '../../../../components/toast';
import { formatDay } from '../../../../lib/dates';
import { formatIban } from '../../../../lib/format';
import { AccountTable, type Column } from '../AccountTable';
import { downloadMandatePdf, useStoreMandatePdf } from './api';
import { RevokeModal } from './RevokeModal';

function State({ m }: { m: Mandate }) {
  if (m.revoqueLe)
    return (
      <Stack gap={2}>
        <Badge color="gray">Révoqué le {formatDay(m.revoqueLe)}</Badge>
        <Text size="xs">{m.motifRevocation}</Text>
      </Stack>
    );
  return (
    <Badge color="green">
      {m.sequence === 'FRST' ? 'Valide — premier prélèvement' : 'Valide — récurrent'}
    </Badge>
  );
}

function Actions({
  m,
  mayWrite,
  onRevoke,
}: {
  m: Mandate;
  mayWrite: boolean;
  onRevoke: (m: Mandate) => void;
}) {
  const store = useStoreMandatePdf();
  const attach = (file: File | null) =>
    file &&
    store.mutate(
      { mandate: m, file },
      { onSuccess: () => toast('success', `Le mandat signé ${m.rum} est enregistré.`) },
    );
  return (
    <Group gap="xs" wrap="wrap">
      {m.pdf && (
        <Button
          size="xs"
          variant="subtle"
          onClick={() => void downloadMandatePdf(m)}
          aria-label={`Télécharger le mandat signé ${m.rum}`}
        >
          PDF signé
        </Button>
      )}
      {mayWrite && (
        <FileButton onChange={attach} accept="application/pdf,.pdf">
          {(props) => (
            <Button
              {...props}
              size="xs"
              variant="default"
              loading={store.isPending}
              aria-label={`Joindre le PDF signé du mandat ${m.rum}`}
            >
              {m.pdf ? 'Remplacer le PDF' : 'Joindre le PDF'}
            </Button>
          )}
        </FileButton>
      )}
      {mayWrite && !m.revoqueLe && (
        <Button
          size="xs"
          variant="default"
          color="red"
          onClick={() => onRevoke(m)}
          aria-label={`Révoquer le mandat ${m.rum}`}
        >
          Révoquer
        </Button>
      )}
    </Group>
  );
}

export function MandatesTable({ mandates, mayWrite }: { mandates: Mandate[]; mayWrite: boolean }) {
  const [revoking, setRevoking] = useState<Mandate | null>(null);
  const columns: Column<Mandate>[] = [
    { header: 'Loge', cell: (m) => m.entite },
    { header: 'RUM', cell: (m) => m.rum },
    { header: 'Signé le', cell: (m) => formatDay(m.dateSignature) },
    {
      header: 'Débiteur',
      cell: (m) => (
        <Stack gap={2}>
          <Text size="sm">{m.debiteur}</Text>
          <Text size="xs" c="dimmed">
            {formatIban(m.iban)}
            {m.bic ? ` — ${m.bic}` : ''}
          </Text>
        </Stack>
      ),
    },
    { header: 'État', cell: (m) => <State m={m} /> },
    { header: 'Actions', cell: (m) => <Actions m={m} mayWrite={mayWrite} onRevoke={setRevoking} /> },
  ];
  return (
    <>
      <AccountTable
        title="Mandats"
        empty="Aucun mandat enregistré : saisissez le mandat signé d’une loge pour la prélever."
        rows={mandates}
        columns={columns}
        rowKey={(m) => m.id}
        minWidth={900}
      />
      <RevokeModal mandate={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}
