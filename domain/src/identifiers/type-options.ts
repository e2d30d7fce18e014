import { IDENTIFIER_TYPE_LABELS } from './catalogue';
import type { SelectOption } from './options';
import type { IdentifierType } from './types';

/**
 * The list screen's type dropdown, in spec 2.3 order. "All types" has the empty value (no filter).
 * Other is a real type but the spec's dropdown does not offer it, so it is left out here.
 */
export const IDENTIFIER_TYPE_FILTER_OPTIONS: readonly SelectOption<IdentifierType | ''>[] = [
  { value: '', label: 'All types' },
  ...(['email', 'bank_account', 'zelle', 'crypto_wallet', 'phone', 'social_media'] as const).map((type) => ({
    value: type,
    label: IDENTIFIER_TYPE_LABELS[type],
  })),
];

/** The create form's type select: the filter's order, then Other. */
export const IDENTIFIER_TYPE_OPTIONS: readonly SelectOption<IdentifierType>[] = [
  ...(['email', 'bank_account', 'zelle', 'crypto_wallet', 'phone', 'social_media', 'other'] as const).map(
    (type) => ({ value: type, label: IDENTIFIER_TYPE_LABELS[type] }),
  ),
];
