/**
 * What other modules ask of signatures: a signed entry, and every identifier it names, no longer
 * change, as a change would break the signature.
 */
export { isEntrySigned, findSignedEntriesNaming } from './signatures.repository';

/**
 * What a case dossier (modules/dossier) exports of the journal's hash chain: its links and each
 * entry's content, read by the caller in one snapshot, as the integrity check reads them.
 */
export { findChainLinks, findEntryContents } from './signatures.repository';
