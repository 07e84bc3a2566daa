/** The bank statements the tests write (issue 34): CAMT.053.001.08, the other end of the versions read. */

/** The Union's current account in the tests' settings. */
export const UNION_IBAN = 'FR7630006000011234567890189';

/** A CAMT.053.001.08 statement (the other end of the versions read), one entry per line given. */
export function camt08(o: {
  id: string;
  du: string;
  au: string;
  ouverture: string;
  cloture: string;
  iban?: string;
  entries: { amt: string; sign: 'CRDT' | 'DBIT'; day: string; ref?: string; nm?: string; text: string }[];
}) {
  const entries = o.entries
    .map(
      (e) => `<Ntry>${e.ref ? `<NtryRef>${e.ref}</NtryRef>` : ''}<Amt Ccy="EUR">${e.amt}</Amt>
<CdtDbtInd>${e.sign}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${e.day}</Dt></BookgDt>
<ValDt><Dt>${e.day}</Dt></ValDt>${e.ref ? `<AcctSvcrRef>${e.ref}</AcctSvcrRef>` : ''}<NtryDtls><TxDtls>
<RltdPties><${e.sign === 'CRDT' ? 'Dbtr' : 'Cdtr'}><Pty><Nm>${e.nm ?? 'X'}</Nm></Pty></${e.sign === 'CRDT' ? 'Dbtr' : 'Cdtr'}></RltdPties>
<RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    )
    .join('\n');
  const bal = (cd: string, amt: string, day: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${cd}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amt}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>${day}</Dt></Dt></Bal>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>
<GrpHdr><MsgId>${o.id}</MsgId><CreDtTm>${o.au}T06:00:00</CreDtTm></GrpHdr>
<Stmt><Id>${o.id}</Id><FrToDt><FrDtTm>${o.du}T00:00:00</FrDtTm><ToDtTm>${o.au}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>${o.iban ?? UNION_IBAN}</IBAN></Id><Ccy>EUR</Ccy></Acct>
${bal('OPBD', o.ouverture, o.du)}${bal('CLBD', o.cloture, o.au)}
${entries}
</Stmt></BkToCstmrStmt></Document>`;
}
