import type { Client } from '../../../test/helpers';

/** The answer's body, parsed, once the request succeeded (throws with the status and body otherwise). */
export async function ok<T>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> {
  const answer = await res;
  if (answer.statusCode >= 300) throw new Error(`${answer.statusCode} ${answer.body}`);
  return (answer.body ? answer.json() : null) as T;
}

export const idOf = (value: unknown) => (value as { id: string }).id;

/** A written evidence item in the case, through the API: its id. */
export async function writtenEvidence(client: Client, caseId: string, title: string): Promise<string> {
  return idOf(await ok(client.post('/api/evidence', { title, body: `${title} text`, caseId })));
}
