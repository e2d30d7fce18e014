import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { STIX_SPEC_VERSION, type StixObject } from './stix';

/**
 * Who the TAXII feed says made its objects, and the extension its Indicators carry Scamtrail's
 * details in (docs/interchange.md, "TAXII"): the instance's STIX `identity` (§4.6), each Indicator's
 * `created_by_ref`, and an `extension-definition` (§7.3) of type `property-extension`, made by that
 * identity. Their ids are UUIDv4s drawn once and kept in `stix_producer` (migration 0041): STIX 2.1
 * §2.9 asks SDOs and meta objects for UUIDv4 ids, and the OASIS validator warns on any other.
 */

export interface StixProducer {
  identityId: string;
  extensionId: string;
  /** The identity's name: the organisation as the STIX export names it, `Scamtrail (<host>)`. */
  name: string;
  /** RFC 3339, UTC, microseconds: when the first TAXII read made the row. */
  created: string;
  /** When the identity's name last changed (its `modified`; `created` until then). */
  modified: string;
}

const utc = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);

const SELECT = sql`select identity_id as "identityId", extension_id as "extensionId", name,
  ${utc('created')} as created, ${utc('modified')} as modified from stix_producer`;

const rowsOf = (result: unknown) => (result as { rows: StixProducer[] }).rows;

/**
 * The producer, made on first use with new UUIDv4s; its name set to `name` (the identity's next
 * version, `modified` now) when it was another. Two first reads at once make one row.
 */
export async function stixProducer(db: DbOrTx, name: string): Promise<StixProducer> {
  let [row] = rowsOf(await db.execute(SELECT));
  if (!row) {
    await db.execute(sql`insert into stix_producer (identity_id, extension_id, name, created, modified)
      values (${randomUUID()}::uuid, ${randomUUID()}::uuid, ${name}, now(), now())
      on conflict (singleton) do nothing`);
    [row] = rowsOf(await db.execute(SELECT));
  }
  if (row.name === name) return row;
  await db.execute(sql`update stix_producer set name = ${name}, modified = greatest(clock_timestamp(), modified)
    where name is distinct from ${name}`);
  [row] = rowsOf(await db.execute(SELECT));
  return row;
}

/** The key of the Indicators' property extension: the extension definition's id (§7.3). */
export const extensionKeyOf = (producer: Pick<StixProducer, 'extensionId'>) =>
  `extension-definition--${producer.extensionId}`;

export const identityIdOf = (producer: Pick<StixProducer, 'identityId'>) =>
  `identity--${producer.identityId}`;

/** The instance's identity (§4.6): an organisation, as the STIX export's. */
export function producerIdentity(producer: StixProducer): StixObject {
  return {
    type: 'identity',
    spec_version: STIX_SPEC_VERSION,
    id: identityIdOf(producer),
    created: producer.created,
    modified: producer.modified,
    name: producer.name,
    description: 'The Scamtrail instance that records these identifiers in its fraud cases.',
    identity_class: 'organization',
  };
}

/** The properties the extension gives an Indicator, and what each holds. */
export const EXTENSION_PROPERTIES: Record<string, string> = {
  identifier_type:
    "the identifier's type in Scamtrail: email, phone, bank_account, zelle, crypto_wallet, social_media or other",
  bank_name: "a bank account's bank, as recorded",
  account_name: "a bank account's holder, as recorded",
  routing_number: "a bank account's routing number",
  network: "a crypto wallet's network (bitcoin, ethereum, ...)",
  profile_url: "a social media account's profile URL",
  display_name: "a social media account's username as written (the pattern has it lower-cased)",
};

/**
 * The extension definition (§7.3) of Scamtrail's details on an Indicator: a `property-extension`, so
 * they travel under `extensions[<its id>]`, not as top-level custom properties (§11.1 and the OASIS
 * validator's `extensions-use` warning). Fixed content: `created` and `modified` are the producer's
 * `created`.
 */
export function producerExtension(producer: StixProducer): StixObject {
  const properties = Object.entries(EXTENSION_PROPERTIES)
    .map(([name, meaning]) => `${name} (string): ${meaning}`)
    .join('; ');
  return {
    type: 'extension-definition',
    spec_version: STIX_SPEC_VERSION,
    id: extensionKeyOf(producer),
    created_by_ref: identityIdOf(producer),
    created: producer.created,
    modified: producer.created,
    name: 'Scamtrail identifier',
    description:
      "Scamtrail's details of the identifier an Indicator's pattern names, which the pattern does not carry.",
    schema: `A property extension of indicator objects; every property is optional: ${properties}.`,
    version: '1.0.0',
    extension_types: ['property-extension'],
  };
}
