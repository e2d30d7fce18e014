import { uuidv5, phoneItem, type ExportedIdentifier, type ImportItem, type ImportSkip } from './stix';

/**
 * MISP's event JSON (the MISP core format, draft-dulaunoy-misp-core-format) for cases and their
 * identifiers. Identifiers become MISP objects of the MISP object templates: `bank-account`,
 * `phone-number`, `coin-address`, `email`, `url`; what no template fits (a social media account, an
 * "other") is an attribute of its own. Each attribute's category is one MISP's describeTypes allows
 * for its type: the financial types (`iban`, `bic`, `bank-account-nr`, `aba-rtn`, `btc`, `xmr`,
 * `phone-number`, `cc-number`) in "Financial fraud", e-mail addresses in "Payload delivery", URLs and
 * domains in "Network activity", names and notes as `text` / `comment`.
 */

const MISP_NAMESPACE = 'b6b4c5e1-0f4a-5d0c-9a5e-3c1f2a7d9e44';

export type MispAttribute = {
  uuid: string;
  type: string;
  category: string;
  value: string;
  to_ids: boolean;
  object_relation?: string;
  comment?: string;
  distribution: string;
};

export type MispObject = {
  uuid: string;
  name: string;
  'meta-category': string;
  template_uuid?: string;
  description?: string;
  distribution: string;
  comment?: string;
  Attribute: MispAttribute[];
};

export type MispEvent = {
  Event: {
    uuid: string;
    info: string;
    date: string;
    timestamp: string;
    published: boolean;
    analysis: string;
    threat_level_id: string;
    distribution: string;
    Orgc: { name: string; uuid: string };
    Tag: { name: string }[];
    Attribute: MispAttribute[];
    Object: MispObject[];
  };
};

const FINANCIAL = 'Financial fraud';
/** The distribution of what is exported: "Your organisation only" (0); the sharer widens it in MISP. */
const DISTRIBUTION = '0';

const text = (data: Record<string, unknown>, name: string) => {
  const value = data[name];
  return typeof value === 'string' ? value.trim() : '';
};

function attribute(
  seed: string,
  type: string,
  category: string,
  value: string,
  relation?: string,
  toIds = true,
): MispAttribute {
  return {
    uuid: uuidv5(`${seed}:${relation ?? type}`, MISP_NAMESPACE),
    type,
    category,
    value,
    to_ids: toIds,
    ...(relation ? { object_relation: relation } : {}),
    distribution: DISTRIBUTION,
  };
}

function object(seed: string, name: string, metaCategory: string, attributes: MispAttribute[]): MispObject {
  return {
    uuid: uuidv5(`${seed}:object`, MISP_NAMESPACE),
    name,
    'meta-category': metaCategory,
    distribution: DISTRIBUTION,
    Attribute: attributes,
  };
}

const IBAN_SHAPE = /^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/;

/** The object or attribute an identifier becomes; uuids from its normalised key, stable across exports. */
function identifierToMisp(identifier: ExportedIdentifier): {
  object?: MispObject;
  attribute?: MispAttribute;
} {
  const { data } = identifier;
  const seed = `${identifier.type}:${identifier.normalizedKey}`;
  const notes = text(data, 'notes');
  const withNotes = (attrs: MispAttribute[]) =>
    notes ? [...attrs, attribute(seed, 'comment', FINANCIAL, notes, 'comment', false)] : attrs;
  switch (identifier.type) {
    case 'bank_account': {
      const account = text(data, 'accountNumber').replace(/[\s-]/g, '').toUpperCase();
      const routing = text(data, 'routingNumber');
      const attrs = [
        IBAN_SHAPE.test(account)
          ? attribute(seed, 'iban', FINANCIAL, account, 'iban')
          : attribute(seed, 'bank-account-nr', FINANCIAL, account, 'account'),
        ...(routing ? [attribute(seed, 'aba-rtn', FINANCIAL, routing, 'aba-rtn')] : []),
        ...(text(data, 'bankName')
          ? [attribute(seed, 'text', FINANCIAL, text(data, 'bankName'), 'institution-name', false)]
          : []),
        ...(text(data, 'accountName')
          ? [attribute(seed, 'text', FINANCIAL, text(data, 'accountName'), 'account-name', false)]
          : []),
      ];
      return { object: object(seed, 'bank-account', 'financial', withNotes(attrs)) };
    }
    case 'phone':
      return {
        object: object(
          seed,
          'phone-number',
          'misc',
          withNotes([attribute(seed, 'phone-number', FINANCIAL, identifier.normalizedKey, 'phone-number')]),
        ),
      };
    case 'crypto_wallet': {
      const network = text(data, 'network');
      const address = identifier.normalizedKey.slice(identifier.normalizedKey.indexOf(':') + 1);
      return {
        object: object(
          seed,
          'coin-address',
          'financial',
          withNotes([
            attribute(seed, 'btc', FINANCIAL, address, 'address'),
            attribute(seed, 'text', FINANCIAL, SYMBOLS[network] ?? network, 'symbol', false),
          ]),
        ),
      };
    }
    case 'email':
      return {
        object: object(
          seed,
          'email',
          'network',
          withNotes([attribute(seed, 'email-src', 'Payload delivery', identifier.normalizedKey, 'from')]),
        ),
      };
    case 'zelle':
      return identifier.normalizedKey.includes('@')
        ? {
            object: object(
              seed,
              'email',
              'network',
              withNotes([attribute(seed, 'email-src', 'Payload delivery', identifier.normalizedKey, 'from')]),
            ),
          }
        : {
            object: object(
              seed,
              'phone-number',
              'misc',
              withNotes([
                attribute(seed, 'phone-number', FINANCIAL, identifier.normalizedKey, 'phone-number'),
              ]),
            ),
          };
    case 'social_media': {
      const value = `${text(data, 'platform')}:${text(data, 'username').replace(/^@/, '')}`;
      return {
        attribute: { ...attribute(seed, 'text', 'Social network', value), comment: 'social media account' },
      };
    }
    case 'other': {
      const value = text(data, 'value');
      const kind = text(data, 'identifierType').toLowerCase();
      if (/^https?:\/\//i.test(value) || /(url|link|website|site)/.test(kind)) {
        return {
          object: object(
            seed,
            'url',
            'network',
            withNotes([attribute(seed, 'url', 'Network activity', value, 'url')]),
          ),
        };
      }
      if (/domain/.test(kind)) return { attribute: attribute(seed, 'domain', 'Network activity', value) };
      if (/card/.test(kind)) {
        // As recorded: an "other" identifier's key keeps its spacing, so an import finds it again.
        return { attribute: attribute(seed, 'cc-number', FINANCIAL, value) };
      }
      return {
        attribute: {
          ...attribute(seed, 'text', 'Other', value, undefined, false),
          comment: text(data, 'identifierType'),
        },
      };
    }
    default:
      return {};
  }
}

const SYMBOLS: Record<string, string> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  binance: 'BNB',
  polygon: 'MATIC',
  solana: 'SOL',
  tron: 'TRX',
};
const NETWORKS: Record<string, string> = Object.fromEntries(
  Object.entries(SYMBOLS).map(([network, symbol]) => [symbol, network]),
);

export interface MispCase {
  id: string;
  number: number;
  title: string;
  scamType: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A case as a MISP event: its identifiers as objects and attributes, its scam type as a tag. */
export function buildMispEvent(
  caseRecord: MispCase,
  identifiers: readonly ExportedIdentifier[],
  organisation: string,
): MispEvent {
  const attributes: MispAttribute[] = [];
  const objects: MispObject[] = [];
  const seen = new Set<string>();
  for (const identifier of identifiers) {
    const mapped = identifierToMisp(identifier);
    const uuid = mapped.object?.uuid ?? mapped.attribute?.uuid;
    if (!uuid || seen.has(uuid)) continue;
    seen.add(uuid);
    if (mapped.object) objects.push(mapped.object);
    if (mapped.attribute) attributes.push(mapped.attribute);
  }
  return {
    Event: {
      uuid: uuidv5(`case:${caseRecord.id}`, MISP_NAMESPACE),
      info: `Case #${caseRecord.number}: ${caseRecord.title}`,
      date: caseRecord.createdAt.slice(0, 10),
      timestamp: String(Math.floor(new Date(caseRecord.updatedAt).getTime() / 1000)),
      published: false,
      // 1 = ongoing analysis; 2 = medium threat level.
      analysis: '1',
      threat_level_id: '2',
      distribution: DISTRIBUTION,
      Orgc: { name: organisation, uuid: uuidv5(`org:${organisation}`, MISP_NAMESPACE) },
      Tag: caseRecord.scamType ? [{ name: `scamtrail:scam-type="${caseRecord.scamType}"` }] : [],
      Attribute: attributes,
      Object: objects,
    },
  };
}

const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    : [];

/** A lone attribute as an identifier, or why it is not one. */
function attributeToItem(attr: Record<string, unknown>): ImportItem | string {
  const value = str(attr.value);
  const comment = str(attr.comment);
  const notes = comment ? { notes: comment } : {};
  switch (str(attr.type)) {
    case 'email':
    case 'email-src':
    case 'email-dst':
    case 'email-reply-to':
    case 'whois-registrant-email':
      return { type: 'email', data: { address: value, ...notes } };
    case 'phone-number':
    case 'whois-registrant-phone':
      return phoneItem(value, comment || undefined) ?? 'not a phone number';
    case 'iban':
    case 'bank-account-nr':
      return {
        type: 'bank_account',
        data: { bankName: 'Unknown', accountName: 'Unknown', accountNumber: value, ...notes },
      };
    case 'btc':
      return { type: 'crypto_wallet', data: { network: 'bitcoin', address: value, ...notes } };
    case 'xmr':
      return { type: 'crypto_wallet', data: { network: 'other', address: value, ...notes } };
    case 'url':
    case 'link':
      return { type: 'other', data: { identifierType: 'Website', value, ...notes } };
    case 'domain':
    case 'hostname':
      return { type: 'other', data: { identifierType: 'Domain', value, ...notes } };
    case 'cc-number':
      return { type: 'other', data: { identifierType: 'Payment card', value, ...notes } };
    default:
      return `attribute type ${str(attr.type) || '(none)'} is not an identifier`;
  }
}

/** An object of the five templates as its identifiers (an e-mail object may name several addresses). */
function objectToItems(obj: Record<string, unknown>): (ImportItem | string)[] {
  const attrs = list(obj.Attribute);
  const byRelation = (relation: string) =>
    attrs.filter((a) => str(a.object_relation) === relation).map((a) => str(a.value));
  const first = (relation: string) => byRelation(relation)[0] ?? '';
  const comment = first('comment') || first('text') || str(obj.comment);
  const notes = comment ? { notes: comment } : {};
  switch (str(obj.name)) {
    case 'bank-account': {
      const account = first('iban') || first('account');
      if (!account) return ['a bank-account object needs iban or account'];
      return [
        {
          type: 'bank_account',
          data: {
            bankName: first('institution-name') || first('swift') || 'Unknown',
            accountName: first('account-name') || first('beneficiary') || 'Unknown',
            accountNumber: account,
            ...(first('aba-rtn') ? { routingNumber: first('aba-rtn') } : {}),
            ...notes,
          },
        },
      ];
    }
    case 'phone-number': {
      const number = first('phone-number');
      return [phoneItem(number, comment || undefined) ?? 'not a phone number'];
    }
    case 'coin-address': {
      const address = first('address');
      if (!address) return ['a coin-address object needs address'];
      const symbol = first('symbol').toUpperCase();
      return [
        {
          type: 'crypto_wallet',
          data: { network: NETWORKS[symbol] ?? (symbol ? 'other' : 'bitcoin'), address, ...notes },
        },
      ];
    }
    case 'email': {
      const addresses = ['from', 'to', 'cc', 'bcc', 'reply-to', 'return-path'].flatMap(byRelation);
      if (addresses.length === 0) return ['an email object names no address'];
      return [...new Set(addresses)].map((address) => ({ type: 'email', data: { address, ...notes } }));
    }
    case 'url': {
      const url = first('url');
      if (!url) return ['a url object needs url'];
      return [{ type: 'other', data: { identifierType: 'Website', value: url, ...notes } }];
    }
    default:
      return [`object ${str(obj.name) || '(unnamed)'} is not one Scamtrail reads`];
  }
}

/** The identifiers a MISP event names: its attributes and the attributes of the five object templates. */
export function mispEventToItems(body: Record<string, unknown>): {
  items: ImportItem[];
  refs: string[];
  skipped: ImportSkip[];
} {
  const event = (body.Event && typeof body.Event === 'object' ? body.Event : body) as Record<string, unknown>;
  const items: ImportItem[] = [];
  const refs: string[] = [];
  const skipped: ImportSkip[] = [];
  const take = (ref: string, item: ImportItem | string) => {
    if (typeof item === 'string') skipped.push({ ref, reason: item });
    else {
      items.push(item);
      refs.push(ref);
    }
  };
  for (const attr of list(event.Attribute))
    take(`attribute ${str(attr.uuid) || str(attr.value)}`, attributeToItem(attr));
  for (const obj of list(event.Object)) {
    for (const item of objectToItems(obj)) take(`object ${str(obj.uuid) || str(obj.name)}`, item);
  }
  return { items, refs, skipped };
}
