/**
 * Lets a statement just issued reach PostgreSQL before synchronous work holds the event loop: the
 * driver writes it to the socket within the promise turns and ticks that run before `setImmediate`.
 * Awaited between issuing a statement and awaiting its answer, so JavaScript with nothing to wait for
 * (checking the next rows, hashing a body) runs while the database works.
 */
export const sent = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
