import { createWriteStream } from 'node:fs';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';

/** Every file of the ZIP at `path`, by name (tests read dossiers whole; the verifier streams). */
export async function unzip(path: string): Promise<Map<string, Buffer>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      zip.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          files.set(entry.fileName, Buffer.concat(chunks));
          zip.readEntry();
        });
      });
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return files;
}

/** Writes `files` as a ZIP at `path` (a dossier tampered with, for the verifier); answers the path. */
export async function rezip(files: Map<string, Buffer>, path: string): Promise<string> {
  const zip = new ZipFile();
  for (const [file, bytes] of files) zip.addBuffer(bytes, file);
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(createWriteStream(path)).on('close', resolve).on('error', reject),
  );
  return path;
}
