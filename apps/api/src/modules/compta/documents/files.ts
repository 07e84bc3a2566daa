/** How the accounting routes send a produced file (a PDF, a workbook). */
import type { FastifyReply } from 'fastify';

/** Sends a produced file with its name (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function sendFile(reply: FastifyReply, name: string, mime: string, content: Buffer) {
  const ascii = name
    .normalize('NFD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\]/g, '');
  return reply
    .header('content-type', mime)
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .send(content);
}
