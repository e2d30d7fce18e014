import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_MAX_LENGTH } from './idempotency';
import { text } from './text';

/**
 * A key as the server keeps it: 1 to 255 printable ASCII characters (a header value cannot carry
 * others faithfully). The draft writes it as a structured-field string (`"…"`); the server accepts it
 * quoted or bare.
 */
export const idempotencyKeySchema = text({
  label: IDEMPOTENCY_KEY_HEADER,
  max: IDEMPOTENCY_KEY_MAX_LENGTH,
  required: true,
  trim: false,
}).regex(/^[\x20-\x7e]*$/, `${IDEMPOTENCY_KEY_HEADER} must be printable ASCII`);
