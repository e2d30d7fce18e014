/**
 * What other modules ask of signatures: a signed entry, and every identifier it names, no longer
 * change, as a change would break the signature.
 */
export { isEntrySigned, isIdentifierInSignedEntry } from './signatures.repository';
