/**
 * The official ISO 20022 schemas of pain.008.001.02 and pain.008.001.08 (test/fixtures/sepa, see its
 * README), run by libxml2's xmllint compiled to WebAssembly (`xmllint-wasm`), as test/facturx-schema.ts
 * runs Factur-X's.
 */
import { readFile } from 'node:fs/promises';
import type { Pain008Version } from '@union/contract';
import { validateXML } from 'xmllint-wasm';

/** The problems xmllint finds validating `xml` against pain.008.`version`; none when it is valid. */
export async function painSchemaErrors(xml: string, version: Pain008Version): Promise<string[]> {
  const name = `pain.008.${version}.xsd`;
  const schema = await readFile(new URL(`./fixtures/sepa/${name}`, import.meta.url), 'utf8');
  const result = await validateXML({
    xml: { fileName: 'pain.008.xml', contents: xml },
    schema: { fileName: name, contents: schema },
  });
  return result.errors.map((e) => e.rawMessage);
}
