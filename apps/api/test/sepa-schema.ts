/**
 * The official ISO 20022 schema of pain.008.001.02 (test/fixtures/sepa, see its README), run by libxml2's
 * xmllint compiled to WebAssembly (`xmllint-wasm`), as test/facturx-schema.ts runs Factur-X's.
 */
import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';

/** The problems xmllint finds validating `xml` against pain.008.001.02; none when it is valid. */
export async function painSchemaErrors(xml: string): Promise<string[]> {
  const schema = await readFile(new URL('./fixtures/sepa/pain.008.001.02.xsd', import.meta.url), 'utf8');
  const result = await validateXML({
    xml: { fileName: 'pain.008.xml', contents: xml },
    schema: { fileName: 'pain.008.001.02.xsd', contents: schema },
  });
  return result.errors.map((e) => e.rawMessage);
}
