/** The order's PDFs the server offers: each previewed in a window of the page, or downloaded. */
import { Button, Group, Modal, Paper, Title, VisuallyHidden } from '@mantine/core';
import type { OrderDetail } from '@union/contract';
import { useState } from 'react';
import { documentBlob, downloadCreditNote, downloadDocument, type DocumentKind } from '../api/orders';

function documentsOf(order: OrderDetail): { kind: DocumentKind; label: string }[] {
  // The invoice first: the first « Télécharger » of an invoice gives the invoice, not its quote.
  return [
    ...(order.actions.includes('DOWNLOAD_FACTURE')
      ? [{ kind: 'facture' as const, label: order.numeroFacture ? 'Facture' : 'Facture (brouillon)' }]
      : []),
    ...(order.actions.includes('DOWNLOAD_DEVIS') ? [{ kind: 'devis' as const, label: 'Devis' }] : []),
    // A cancelled invoice in the lodge's favour has its cancellation number without a credit note of its own.
    ...(order.numeroAvoir && !order.avoirs.length ? [{ kind: 'avoir' as const, label: 'Avoir' }] : []),
    ...(order.relances.length ? [{ kind: 'relance' as const, label: 'Dernière relance' }] : []),
  ];
}

export function OrderDocuments({ order }: { order: OrderDetail }) {
  const [preview, setPreview] = useState<{ label: string; url: string } | null>(null);
  const documents = documentsOf(order);

  const showPdf = async (kind: DocumentKind, label: string) => {
    const blob = await documentBlob(order.id, kind);
    setPreview({ label, url: URL.createObjectURL(blob) });
  };
  const closePreview = () => {
    if (preview) URL.revokeObjectURL(preview.url);
    setPreview(null);
  };

  return (
    <>
      {documents.length > 0 && (
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            Documents
          </Title>
          <Group gap="sm" wrap="wrap">
            {documents.map((d) => (
              <Group key={d.kind} gap={4}>
                <Button variant="light" onClick={() => void showPdf(d.kind, d.label)}>
                  Aperçu : {d.label}
                </Button>
                <Button variant="default" onClick={() => void downloadDocument(order.id, d.kind)}>
                  Télécharger
                  <VisuallyHidden> {d.label}</VisuallyHidden>
                </Button>
              </Group>
            ))}
          </Group>
          {order.avoirs.length > 0 && (
            <Group gap="sm" wrap="wrap" mt="sm">
              {order.avoirs.map((a) => (
                <Button key={a.id} variant="default" onClick={() => void downloadCreditNote(a.id, a.numero)}>
                  Télécharger l’avoir {a.numero}
                </Button>
              ))}
            </Group>
          )}
        </Paper>
      )}
      <Modal opened={!!preview} onClose={closePreview} title="Aperçu du document" size="xl" centered>
        {preview && (
          <iframe
            src={preview.url}
            title={`Aperçu : ${preview.label}`}
            style={{ width: '100%', height: '75vh', border: 0 }}
          />
        )}
      </Modal>
    </>
  );
}
