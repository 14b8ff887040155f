/**
 * The likely address behind a common slip in an e-mail's domain ('gmial.com',
 * 'hotmial.co.uk', 'yaho.com'): offered to the visitor, never forced. A small
 * table of the providers most of our customers use and the ways their names
 * are usually mistyped, rather than a guess by similarity, which would
 * 'correct' real domains (mail.com is not a slip of gmail.com).
 */

/** Each provider's domain with the mistypings of it seen in practice. */
const MISTYPED_DOMAINS: Record<string, readonly string[]> = {
  'gmail.com': [
    'gmial.com', 'gamil.com', 'gmal.com', 'gmaill.com', 'gmai.com', 'gmil.com', 'gmali.com', 'gmaul.com', 'gnail.com', 'gmsil.com',
    'gmail.co', 'gmail.con', 'gmail.cm', 'gmail.om', 'gmail.comm', 'gmail.cmo', 'gmail.ocm', 'gmail.vom', 'gmail.xom',
  ],
  'googlemail.com': ['googlemial.com', 'googlemal.com', 'goglemail.com', 'googlemail.co', 'googlemail.con'],
  'hotmail.com': ['hotmial.com', 'hotmal.com', 'hotmai.com', 'hotamil.com', 'hotmil.com', 'hotnail.com', 'hotmaill.com', 'hotmail.co', 'hotmail.con', 'hotmail.cm'],
  'hotmail.co.uk': ['hotmial.co.uk', 'hotmal.co.uk', 'hotmai.co.uk', 'hotamil.co.uk', 'hotmil.co.uk', 'hotnail.co.uk', 'hotmail.co.k', 'hotmail.couk', 'hotmail.co.u', 'hotmail.uk'],
  'yahoo.com': ['yaho.com', 'yahooo.com', 'yhoo.com', 'yaoo.com', 'yahho.com', 'yahoo.co', 'yahoo.con', 'yahoo.cm'],
  'yahoo.co.uk': ['yaho.co.uk', 'yahooo.co.uk', 'yhoo.co.uk', 'yaoo.co.uk', 'yahoo.couk', 'yahoo.co.k', 'yahoo.uk'],
  'outlook.com': ['outlok.com', 'outloo.com', 'outllok.com', 'outlool.com', 'otlook.com', 'outook.com', 'oulook.com', 'outlook.co', 'outlook.con'],
  'icloud.com': ['iclod.com', 'icoud.com', 'iclould.com', 'icluod.com', 'icould.com', 'icloude.com', 'icloud.co', 'icloud.con', 'iclud.com'],
  'live.co.uk': ['live.couk', 'live.co.k', 'liv.co.uk'],
  'btinternet.com': ['btinternt.com', 'btinterent.com', 'btinternet.co', 'btinternet.con', 'btinterne.com', 'btintenet.com'],
  'aol.com': ['aol.co', 'aol.con', 'aoll.com'],
  'sky.com': ['sky.con', 'sky.cm'],
};

const SUGGESTED_DOMAIN = new Map<string, string>(
  Object.entries(MISTYPED_DOMAINS).flatMap(([domain, typos]) => typos.map((typo) => [typo, domain] as const)),
);

/**
 * The address as probably meant, or null when its domain is not a known
 * slip. The part before the '@' is kept exactly as typed; the domain is
 * compared without regard to case.
 */
export function suggestEmail(value: string): string | null {
  const address = value.trim();
  const at = address.lastIndexOf('@');
  if (at <= 0) return null;
  const domain = SUGGESTED_DOMAIN.get(address.slice(at + 1).toLowerCase());
  return domain ? `${address.slice(0, at)}@${domain}` : null;
}
