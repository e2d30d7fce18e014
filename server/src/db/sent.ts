/**
 * Runs `work` once the statements just issued have reached PostgreSQL: the driver writes a statement
 * to its socket within the promise turns and ticks that run before `setImmediate`. So JavaScript with
 * nothing to wait for (checking the next rows, hashing a body) runs while the database works, rather
 * than before the statement leaves.
 */
export function afterSent<T>(work: () => T): Promise<T> {
  return new Promise<T>((resolve, reject) =>
    setImmediate(() => {
      try {
        resolve(work());
      } catch (error) {
        reject(error as Error);
      }
    }),
  );
}

/** Lets a statement just issued reach PostgreSQL before synchronous work holds the event loop. */
export const sent = (): Promise<void> => afterSent(() => undefined);
