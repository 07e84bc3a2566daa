/** The portal's new documents (issue 33): published since the person's visit before this one. */
import { Anchor, Text } from '@mantine/core';
import { DocumentType, plural, type PortalSummary } from '@union/contract';
import { Link } from 'react-router';
import { formatDay } from '../../lib/dates';
import { Part } from './Part';

export function NewDocuments({ documents }: { documents: PortalSummary['documents'] }) {
  if (documents.nouveaux.length === 0) return null;
  const more = documents.total - documents.nouveaux.length;
  const title = documents.depuis ? 'Nouveaux documents depuis votre dernière visite' : 'Documents récents';
  return (
    <Part title={title}>
      {documents.nouveaux.map((doc) => (
        <li key={doc.id}>
          <Anchor component={Link} to={doc.lien}>
            {doc.titre}
          </Anchor>
          <Text span size="sm" c="dimmed">
            {' '}
            – {DocumentType.labels[doc.type]}, {doc.entite}, {formatDay(doc.date)}
          </Text>
        </li>
      ))}
      {more > 0 && (
        <li>
          <Anchor component={Link} to={documents.lien} size="sm">
            Et {plural(more, 'autre')} : voir les documents
          </Anchor>
        </li>
      )}
    </Part>
  );
}
