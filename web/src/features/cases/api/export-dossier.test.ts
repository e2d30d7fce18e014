import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveDossierToFile } from './export-dossier';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('saveDossierToFile', () => {
  it('tells what to do about a failed download without an error body, and writes nothing', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Service Unavailable</html>', { status: 503 })),
    );
    const createWritable = vi.fn();
    const file = { createWritable } as unknown as FileSystemFileHandle;
    await expect(saveDossierToFile('/api/cases/c1/dossier', file, () => {})).rejects.toMatchObject({
      status: 503,
      code: 'HTTP_503',
      message: 'The server is unavailable or restarting (HTTP 503). Try again in a moment.',
    });
    expect(createWritable).not.toHaveBeenCalled();
  });

  it("shows the server's own message when the failure has one", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json({ error: { code: 'NOT_FOUND', message: 'Case not found' } }, { status: 404 }),
      ),
    );
    const file = { createWritable: vi.fn() } as unknown as FileSystemFileHandle;
    await expect(saveDossierToFile('/api/cases/c1/dossier', file, () => {})).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'Case not found',
    });
  });
});
