/**
 * Demo documents: one of each type, so that the library, the portal's « nouveaux documents » and the
 * screens' checks see every badge (the orange « Convocation » included). The Vénérable publishes for Les
 * Chevaliers du Rhône; the procès-verbal de bureau, which only an association or the Union keeps, is the
 * Union's, published by the administrator. Each is a small PDF made here, published through the
 * documents' own service, so it is stored, searchable and audited like a real one.
 */
import { DocumentType, type DocumentMetadata } from '@union/contract';
import { eq } from 'drizzle-orm';
import { Readable } from 'node:stream';
import type { Database } from '../db/client';
import { demoContext } from './context';
import { entities } from '../db/schema';
import { parisDay } from '../lib/dates';
import { startPdf } from '../lib/pdf';
import { addDays } from '@union/contract';
import { stageUpload } from '../modules/documents/files';
import { documentsService } from '../modules/documents/service';

const DOCUMENTS: { type: DocumentType; titre: string; entity: string; by: string; daysAgo: number }[] = [
  { type: 'V', titre: 'Convocation à la tenue du mois', entity: 'CHEV-RHONE', by: 'venerable', daysAgo: 2 },
  {
    type: 'C',
    titre: 'Procès-verbal de l’assemblée générale',
    entity: 'CHEV-RHONE',
    by: 'venerable',
    daysAgo: 40,
  },
  {
    type: 'A',
    titre: 'Procès-verbal du conseil d’administration',
    entity: 'CHEV-RHONE',
    by: 'venerable',
    daysAgo: 30,
  },
  { type: 'B', titre: 'Procès-verbal du bureau de l’Union', entity: 'UNION', by: 'admin', daysAgo: 20 },
  { type: 'D', titre: 'Règlement intérieur', entity: 'CHEV-RHONE', by: 'venerable', daysAgo: 90 },
  { type: 'N', titre: 'Lettre d’information de rentrée', entity: 'CHEV-RHONE', by: 'venerable', daysAgo: 10 },
  {
    type: 'I',
    titre: 'Note sur les agapes de fin d’année',
    entity: 'CHEV-RHONE',
    by: 'venerable',
    daysAgo: 5,
  },
];

/** A one-page PDF whose text names the document, so the search finds it by its words. */
async function pdfOf(titre: string, kind: string): Promise<Buffer> {
  const { pdf, bytes } = startPdf({ size: 'A4', margin: 56, info: { Title: titre } });
  pdf.fontSize(18).text(titre);
  pdf.moveDown().fontSize(11).text(`${kind} — document de démonstration de l’intranet de l’Union.`);
  pdf.end();
  return bytes;
}

export async function seedDocuments(db: Database): Promise<void> {
  for (const d of DOCUMENTS) {
    const [entity] = await db.select().from(entities).where(eq(entities.code, d.entity));
    if (!entity) continue;
    const meta: DocumentMetadata = {
      type: d.type,
      titre: d.titre,
      date: addDays(parisDay(), -d.daysAgo),
      idEntite: entity.id,
      audience: 'ENTITE',
      idReservation: null,
    };
    const file = await stageUpload(
      Readable.from(await pdfOf(d.titre, DocumentType.labels[d.type])),
      `${d.titre}.pdf`,
      5 * 1024 * 1024,
    );
    try {
      await documentsService.create(await demoContext(db, d.by), meta, file);
    } finally {
      await file.discard();
    }
  }
}
