/** How the accounting routes send a produced file (a PDF, a workbook). */
import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../../../lib/file-names';

/** Sends a produced file with its name (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function sendFile(reply: FastifyReply, name: string, mime: string, content: Buffer) {
  return reply
    .header('content-type', mime)
    .header('content-disposition', contentDisposition('attachment', name))
    .send(content);
}
